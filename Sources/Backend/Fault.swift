/// A way to fail on purpose, for the retry and re-queue paths.
public enum Fault: Sendable, Equatable, CustomStringConvertible {
    /// Answer with this status and a small JSON body.
    case status(Int)
    /// Never answer (the client times out); the request is not processed.
    case timeout
    /// Close the connection with a TCP reset before answering.
    case reset
    /// Answer with bytes that are not HTTP, then close.
    case garbage

    /// `500`, `timeout`, `reset` or `garbage`.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "timeout": self = .timeout
        case "reset": self = .reset
        case "garbage": self = .garbage
        default:
            guard let code = Int(text), (100...599).contains(code) else { return nil }
            self = .status(code)
        }
    }

    public var description: String {
        switch self {
        case .status(let code): return String(code)
        case .timeout: return "timeout"
        case .reset: return "reset"
        case .garbage: return "garbage"
        }
    }
}
