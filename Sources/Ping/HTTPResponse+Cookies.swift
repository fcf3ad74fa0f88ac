import Transport

extension HTTPResponse {
    /// `Set-Cookie` values as `name=value` strings.
    public var cookieStrings: [String] {
        headers[values: .setCookie].compactMap { Cookie(setCookie: $0).map { "\($0.name)=\($0.value)" } }
    }
}
