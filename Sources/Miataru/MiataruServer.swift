/// Where a Miataru server answers: calls go to `<base>/v1/<Name>`.
///
/// ```swift
/// let server = MiataruServer("https://service.miataru.com")
/// server.url(for: "UpdateLocation")  // https://service.miataru.com/v1/UpdateLocation
/// ```
public struct MiataruServer: Sendable, Equatable {
    /// The server's root, without a trailing slash or `/v1`.
    public let baseURL: String

    /// - Parameter url: the server's root; a trailing `/` or `/v1` (as API documents write it) is dropped.
    public init(_ url: String) {
        var base = Substring(url)
        while base.hasSuffix("/") { base = base.dropLast() }
        if base.hasSuffix("/v1") { base = base.dropLast(3) }
        while base.hasSuffix("/") { base = base.dropLast() }
        baseURL = String(base)
    }

    /// The URL of the API call `name` (names are case-sensitive on the real server).
    public func url(for name: String) -> String { baseURL + "/v1/" + name }
}
