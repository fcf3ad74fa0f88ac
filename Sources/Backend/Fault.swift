/// A way to fail on purpose, for the retry and re-queue paths.
package enum Fault: Sendable, Equatable, CustomStringConvertible {
    /// Answer with this status and a small JSON body.
    case status(Int)
    /// Never answer (the client times out); the request is not processed.
    case timeout
    /// Close the connection with a TCP reset before answering.
    case reset
    /// Answer with bytes that are not HTTP, then close.
    case garbage
    /// Answer normally, after this long (a slow server: load mode's fixed latency).
    case delay(Duration)

    /// `500`, `timeout`, `reset`, `garbage` or `delay:250ms` (`ms` or `s`, up to 10 minutes).
    package init?(_ text: String) {
        switch text.lowercased() {
        case "timeout": self = .timeout
        case "reset": self = .reset
        case "garbage": self = .garbage
        case let lowered where lowered.hasPrefix("delay:"):
            let amount = lowered.dropFirst("delay:".count)
            let milliseconds: Double?
            if amount.hasSuffix("ms") {
                milliseconds = Double(amount.dropLast(2))
            } else if amount.hasSuffix("s") {
                milliseconds = Double(amount.dropLast()).map { $0 * 1000 }
            } else {
                milliseconds = nil
            }
            guard let milliseconds, milliseconds.isFinite, (0...600_000).contains(milliseconds) else { return nil }
            self = .delay(.microseconds(Int64((milliseconds * 1000).rounded())))
        default:
            guard let code = Int(text), (100...599).contains(code) else { return nil }
            self = .status(code)
        }
    }

    package var description: String {
        switch self {
        case .status(let code): return String(code)
        case .timeout: return "timeout"
        case .reset: return "reset"
        case .garbage: return "garbage"
        case .delay(let duration):
            let (seconds, attoseconds) = duration.components
            return "delay:\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
        }
    }
}
