import HTTPTypes

/// A response status: swift-http-types' `HTTPResponse.Status`, named here because this module's own
/// `HTTPResponse` hides swift-http-types' type of that name. Compares by code; integer literals
/// work (`status == 200`).
package typealias HTTPStatus = HTTPTypes.HTTPResponse.Status

extension HTTPTypes.HTTPResponse.Status {
    /// The reason phrase the seed prints after this code, or an empty string for a code it does not
    /// name. A table rather than swift-http-types' constants: those follow RFC 9110 (422 is
    /// "Unprocessable Content"), the seed and its FastAPI server say "Unprocessable Entity", and
    /// codes the seed leaves bare stay bare. Not `reasonPhrase`, which is what the status was made
    /// with (empty for a status made from a code).
    package var standardReason: String {
        switch code {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }

    /// `422 Unprocessable Entity`, or the code alone when the seed has no phrase for it: what
    /// status lines and messages print (`"\(status)"` would print swift-http-types' description).
    package var codeAndReason: String {
        standardReason.isEmpty ? "\(code)" : "\(code) \(standardReason)"
    }
}
