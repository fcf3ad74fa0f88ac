import JSON
import Platform
import Transport

/// Why a Miataru call failed: the server's answer by status, or no usable answer at all.
///
/// The texts are the server's `{"error":"..."}` messages, prefix and all
/// (`Forbidden: DeviceKey does not match`), so a user can search the server's logs for them.
package enum MiataruError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400: the request broke a rule of the server's.
    case badRequest(String)
    /// 401: only `GetLocationGeoJSON` on a device with a key answers this.
    case unauthorized(String)
    /// 403: a DeviceKey was missing or did not match.
    case forbidden(String)
    /// 429: the server's per-client concurrency limit; `retryAfter` is its `Retry-After`, if any.
    case tooManyRequests(String, retryAfter: String?)
    /// Any other status that is not 200.
    case status(Int, String)
    /// A 200 whose body is not what the call answers.
    case invalidResponse(String)
    /// No HTTP answer at all.
    case network(NetworkError)

    package var description: String {
        switch self {
        case .badRequest(let text), .unauthorized(let text), .forbidden(let text): return text
        case .tooManyRequests(let text, let retryAfter):
            return text + (retryAfter.map { " (the server asks to retry after \($0) s)" } ?? "")
        case .status(let code, let text): return "HTTP \(code): \(text)"
        case .invalidResponse(let reason): return "unexpected answer: \(reason)"
        case .network(let error): return error.description
        }
    }

    /// Whether the server surely did not apply the call: it answered, and not with success, or
    /// the request never left (no connection). Other network failures leave that open: the request
    /// may have arrived before the line broke.
    package var isDefiniteRefusal: Bool {
        if case .network(let error) = self { return error.requestWasNeverSent }
        if case .invalidResponse = self { return false }
        return true
    }

    /// The error for a response that is not 200.
    static func from(_ response: HTTPResponse) -> MiataruError {
        let text = serverMessage(response)
        switch response.status.code {
        case 400: return .badRequest(text)
        case 401: return .unauthorized(text)
        case 403: return .forbidden(text)
        case 429: return .tooManyRequests(text, retryAfter: response.header(named: "Retry-After"))
        default: return .status(response.status.code, text)
        }
    }

    /// The `error` member of the body, else the body itself (shortened), else the status's reason.
    private static func serverMessage(_ response: HTTPResponse) -> String {
        if case .object(let object)? = response.json, case .string(let message)? = object["error"] { return message }
        let body = SystemFiles.trimmed(Substring(response.bodyText))
        if body.isEmpty { return response.status.standardReason.isEmpty ? "no message" : response.status.standardReason }
        return body.count > 200 ? String(body.prefix(200)) + "…" : body
    }
}
