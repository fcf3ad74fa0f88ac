import Ping
import SDKBenchTesting
import Testing
import Transport

import struct HTTPTypes.HTTPField
import struct HTTPTypes.HTTPFields

/// The jar's storage and sending rules, RFC 6265 §5.1, §5.3 and §5.4, on a manual clock.
struct CookieJarTests {
    /// 2024-11-18T10:58:03Z, a Monday: the manual clock's start.
    private let clock = ManualClock(1_731_927_483)

    private func url(_ text: String) throws -> ParsedURL { try ParsedURL(text) }

    private func setCookies(_ values: String...) -> HTTPFields {
        HTTPFields(values.map { HTTPField(name: .setCookie, value: $0) })
    }

    // RFC 6265 §5.1.3 (domain-match), §5.3 step 6 (host-only flag, a Domain the host does not match is ignored)
    @Test func aDomainCookieGoesToSubdomainsAndAHostOnlyOneDoesNot() throws {
        let jar = CookieJar(clock: clock)
        jar.store(
            setCookies("wide=1; Domain=.Example.test", "narrow=2", "foreign=3; Domain=other.test", "sub=4; Domain=deep.shop.example.test"),
            from: try url("http://shop.example.test/")
        )
        #expect(jar.header(for: try url("http://shop.example.test/")) == "wide=1; narrow=2")
        #expect(jar.header(for: try url("http://api.example.test:8080/")) == "wide=1")
        #expect(jar.header(for: try url("http://example.test/")) == "wide=1")
        #expect(jar.header(for: try url("http://notexample.test/")) == nil)
        #expect(jar.header(for: try url("http://other.test/")) == nil)
        let stored = jar.all.map { "\($0.name) \($0.domain) \($0.hostOnly)" }
        #expect(stored == ["wide example.test false", "narrow shop.example.test true"])
    }

    // RFC 6265 §5.1.3: an IP address matches only itself, never as a "subdomain"
    @Test func anIPAddressHostMatchesOnlyItself() throws {
        let jar = CookieJar(clock: clock)
        jar.store(setCookies("a=1; Domain=0.0.1", "b=2"), from: try url("http://127.0.0.1:9/"))
        #expect(jar.header(for: try url("http://127.0.0.1:10/x")) == "b=2")
    }

    // RFC 6265 §5.1.4 (default-path, path-match), §5.4 step 2 (longer paths first)
    @Test func pathsDefaultToTheDirectoryAndMatchOnSegments() throws {
        let jar = CookieJar(clock: clock)
        jar.store(setCookies("dir=1", "root=2; Path=/", "deep=3; Path=/docs/", "bad=4; Path=relative"), from: try url("http://h.test/docs/page?q=1"))
        #expect(jar.all.map { "\($0.name)=\($0.path)" }.sorted() == ["bad=/docs", "deep=/docs/", "dir=/docs", "root=/"])
        #expect(jar.header(for: try url("http://h.test/docs/a")) == "deep=3; dir=1; bad=4; root=2")
        #expect(jar.header(for: try url("http://h.test/docs")) == "dir=1; bad=4; root=2")
        #expect(jar.header(for: try url("http://h.test/docsearch")) == "root=2")
        #expect(jar.header(for: try url("http://h.test/")) == "root=2")
    }

    // RFC 6265 §5.2.1 (Expires), §5.2.2 (Max-Age), §5.3 step 3 (Max-Age wins) and step 11 (replace, an expired cookie removes)
    @Test func expiryRemovesACookieAndMaxAgeWinsOverExpires() throws {
        let jar = CookieJar(clock: clock)
        let site = try url("https://h.test/")
        jar.store(
            setCookies(
                "hour=1; Expires=Mon, 18 Nov 2024 11:58:03 GMT",
                "minute=2; Max-Age=60; Expires=Mon, 18 Nov 2024 09:00:00 GMT",
                "past=3; Expires=Thu, 01 Jan 2015 00:00:00 GMT",
                "session=4",
                "gone=5"
            ),
            from: site
        )
        #expect(jar.header(for: site) == "hour=1; minute=2; session=4; gone=5")
        #expect(jar.all.first { $0.name == "hour" }?.expires == 1_731_931_083)
        #expect(jar.all.first { $0.name == "session" }?.expires == nil)
        jar.store(setCookies("gone=x; Max-Age=0", "session=5"), from: site)
        #expect(jar.header(for: site) == "hour=1; minute=2; session=5")
        clock.advance(by: .seconds(61))
        #expect(jar.header(for: site) == "hour=1; session=5")
        clock.advance(by: .seconds(3600))
        #expect(jar.header(for: site) == "session=5")
        #expect(jar.all.map(\.name) == ["session"])
    }

    // RFC 6265 §5.2.5 (Secure), §5.4 step 1 ("secure-only-flag ... only over a secure protocol")
    @Test func aSecureCookieIsNotSentOverPlainHTTP() throws {
        let jar = CookieJar(clock: clock)
        jar.store(setCookies("s=1; Secure; HttpOnly", "p=2"), from: try url("https://h.test/login"))
        #expect(jar.header(for: try url("http://h.test/")) == "p=2")
        #expect(jar.header(for: try url("https://h.test/")) == "s=1; p=2")
        let secure = try #require(jar.all.first { $0.name == "s" })
        #expect(secure.secure && secure.httpOnly)
    }

    // seed 003 "Multi-Value Headers" and "Working with Responses" (getCookies): what a response set, read as the jar reads it
    @Test func theCookiesOfAResponseKeepTheirExpiresDate() throws {
        let jar = CookieJar(clock: clock)
        var request = HTTPRequest(url: "http://h.test/a/b")
        request.setMethod(.get)
        let response = HTTPResponse(
            request: request,
            status: 200,
            headers: setCookies("a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/", "b=2"),
            body: [],
            duration: 0
        )
        let cookies = jar.cookies(setBy: response)
        #expect(cookies.map(\.name) == ["a", "b"])
        #expect(cookies[0].expires == 4_096_250_880)
        #expect(cookies[1].path == "/a")
        #expect(response.cookieStrings == ["a=1", "b=2"])
    }
}
