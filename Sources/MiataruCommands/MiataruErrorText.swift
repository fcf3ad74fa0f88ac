import Miataru
import Script
import Shell

/// How a Miataru failure reads in the shell: what the server said, and what to do about it.
enum MiataruErrorText {
    /// - Parameter server: the base URL called, named when nothing answered.
    /// - Parameter keyInUse: `false` while `miataru key use off` keeps the own key back: a 403 then
    ///   says so rather than blaming the stored key.
    static func shellError(_ error: MiataruError, device: String, server: String, keyInUse: Bool = true, at range: SourceRange?) -> ShellError {
        switch error {
        case .forbidden(let text) where !keyInUse:
            return ShellError(
                .remote(
                    "DeviceKey authentication failed for \(device) (403 \(text))",
                    details: [
                        "DeviceKey use is off ('miataru key use off'): no key was sent, and the server still holds one if it was set",
                        "(no call removes a key from the server); 'miataru key use on' sends the stored key again",
                    ]
                ),
                at: range
            )
        case .forbidden(let text):
            return ShellError(
                .remote(
                    "DeviceKey authentication failed for \(device) (403 \(text))",
                    details: [
                        "the key stored here differs from the one the server holds for \(device):",
                        "run 'miataru key set' with the right current key stored, or 'miataru key forget' to drop the local copy",
                    ]
                ),
                at: range
            )
        case .unauthorized(let text):
            return ShellError(.remote("401 \(text)", details: []), at: range)
        case .badRequest(let text):
            return ShellError(.remote("the server refused the request (400 \(text))", details: []), at: range)
        case .tooManyRequests(let text, let retryAfter):
            let wait = retryAfter.map { "retry after \($0) s, as the server asks" } ?? "retry later: the server limits requests in flight per client"
            return ShellError(.remote("429 \(text)", details: [wait]), at: range)
        case .status(let code, let text):
            return ShellError(.remote("HTTP \(code) from the Miataru server: \(text)", details: []), at: range)
        case .network(let network):
            return ShellError(
                .remote(
                    "miataru: no answer from \(server) (\(network))",
                    details: [
                        "check 'miataru server' (or 'configure host') and that the server is running there"
                    ]
                ),
                at: range
            )
        case .invalidResponse:
            return .engine(error, action: "miataru: \(server)", at: range)
        }
    }
}
