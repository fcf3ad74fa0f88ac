import Testing

@testable import Transport

/// The parts of a URL that sending needs, read on bytes: each case with what it must give.
@Suite struct ParsedURLTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let scheme: String
        let host: String
        let port: Int?
        let pathAndQuery: String
        var testDescription: String { url }
    }

    static let cases: [Case] = [
        Case(url: "http://example.test", scheme: "http", host: "example.test", port: nil, pathAndQuery: "/"),
        Case(url: "HTTPS://Example.test:8443/a/b?c=d#frag", scheme: "https", host: "Example.test", port: 8443, pathAndQuery: "/a/b?c=d"),
        Case(url: "http://user:pa:ss@host.test:81/x", scheme: "http", host: "host.test", port: 81, pathAndQuery: "/x"),
        Case(url: "http://a@b@host.test/", scheme: "http", host: "host.test", port: nil, pathAndQuery: "/"),
        Case(url: "http://host.test?q=1", scheme: "http", host: "host.test", port: nil, pathAndQuery: "/?q=1"),
        Case(url: "http://host.test#top", scheme: "http", host: "host.test", port: nil, pathAndQuery: "/"),
        Case(url: "http://host.test:/p", scheme: "http", host: "host.test", port: nil, pathAndQuery: "/p"),
        Case(url: "http://[::1]:8080/v1/x?y=é", scheme: "http", host: "::1", port: 8080, pathAndQuery: "/v1/x?y=é"),
        Case(url: "http://[fe80::1]/", scheme: "http", host: "fe80::1", port: nil, pathAndQuery: "/"),
        Case(url: "https://bücher.test/straße?ü=1", scheme: "https", host: "bücher.test", port: nil, pathAndQuery: "/straße?ü=1"),
        Case(url: "http://127.0.0.1:3000/a#b?c", scheme: "http", host: "127.0.0.1", port: 3000, pathAndQuery: "/a"),
    ]

    @Test(arguments: cases) func readsTheParts(_ expected: Case) throws {
        let parsed = try ParsedURL(expected.url)
        #expect(parsed.scheme == expected.scheme)
        #expect(parsed.host == expected.host)
        #expect(parsed.port == expected.port)
        #expect(parsed.pathAndQuery == expected.pathAndQuery)
    }

    @Test(arguments: [
        ("example.test/a", "has no scheme"),
        ("http:/example.test", "has no scheme"),
        ("ftp://example.test/", "unsupported scheme 'ftp'"),
        ("http://exa mple.test/", "contains blanks"),
        ("http://[::1/", "unclosed IPv6"),
        ("http://host.test:0/", "invalid port '0'"),
        ("http://host.test:99999/", "invalid port '99999'"),
        ("http://host.test:8x/", "invalid port '8x'"),
        ("http:///path", "has no host"),
        ("http://user@:80/", "has no host"),
    ])
    func refusesWhatCannotBeSent(_ url: String, _ reason: String) {
        #expect {
            try ParsedURL(url)
        } throws: { error in
            guard case .invalidRequest(let message) = error as? NetworkError else { return false }
            return message.contains(reason) && message.contains(url)
        }
    }

    /// The authority names the host and port the URL has now, IPv6 in brackets.
    @Test func theAuthorityFollowsTheHostAndPort() throws {
        var url = try ParsedURL("http://user:pw@host.test:8080/x")
        #expect(url.authority == "host.test:8080")
        url.port = nil
        #expect(url.authority == "host.test")
        url.host = "::1"
        #expect(url.authority == "[::1]")
        url.port = 9
        #expect(url.authority == "[::1]:9")
        #expect(try ParsedURL("http://[::1]:81/").authority == "[::1]:81")
    }
}
