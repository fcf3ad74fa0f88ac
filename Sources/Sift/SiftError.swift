/// Why a Sift call was refused.
package enum SiftError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state directory or a journal cannot be used (or another process holds it).
    case archive(String)
    /// `sift server` got something that is not a URL format.
    case invalidURLFormat(String, String)
    /// The engine was shut down.
    case closed

    package var description: String {
        switch self {
        case .archive(let message): return message
        case .invalidURLFormat(let format, let why): return "'\(format)' is not a Sift URL format: \(why)"
        case .closed: return "Sift has shut down"
        }
    }
}
