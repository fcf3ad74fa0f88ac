import AsyncHTTPClient
import Transport

extension HTTPResponse {
    /// `Set-Cookie` values as `name=value` strings (the seed's `getCookieStrings`).
    package var cookieStrings: [String] {
        headers[values: .setCookie].compactMap { AsyncHTTPClient.HTTPClient.Cookie(header: $0, defaultDomain: "").map { "\($0.name)=\($0.value)" } }
    }
}
