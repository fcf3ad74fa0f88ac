import SDKBenchShellTesting
import SDKBenchTesting
import Testing
import Transport

import struct HTTPTypes.HTTPField
import struct HTTPTypes.HTTPFields

/// `last.headers`, `last.cookies` and `http cookies`, over a transport that answers with cookies.
@Suite(.timeLimit(.minutes(1)))
struct HTTPCookiesCommandTests {
    static let expiring = "session_token=abc123xyz; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/; HttpOnly"

    /// Sets two cookies on `/account/login` and one on any `/lang` path.
    private static func transport() -> RecordingTransport {
        RecordingTransport { request, _ in
            var headers = HTTPFields()
            if request.url.hasSuffix("/account/login") {
                headers.append(HTTPField(name: .setCookie, value: expiring))
                headers.append(HTTPField(name: .setCookie, value: "theme=dark; Secure"))
            }
            if request.url.hasSuffix("/lang") { headers.append(HTTPField(name: .setCookie, value: "lang=en; Domain=shop.test")) }
            return .success(WireResponse(status: 200, headers: headers))
        }
    }

    // seed 003 "Multi-Value Headers" (headers: [String: [String]]); RFC 6265 §3 (servers send one Set-Cookie per cookie), §5.2.1 (Expires)
    @Test func aRepeatedSetCookieWithAnExpiresDateIsAListAndLastCookiesHoldsWhatItSet() async {
        let harness = ShellHarness(transport: Self.transport())
        let run = await harness.execute(
            """
            http GET http://shop.test/account/login
            expect last.headers.set-cookie[0] == "\(Self.expiring)"
            expect last.headers.set-cookie[1] == "theme=dark; Secure"
            expect last.cookies[0].name == session_token
            expect last.cookies[0].expires == "2099-10-21T07:28:00.000Z"
            expect last.cookies[0].path == "/"
            expect last.cookies[0].http_only == true
            expect last.cookies[1].name == theme
            expect last.cookies[1].path == "/account"
            expect last.cookies[1].secure == true
            expect last.cookies[1].expires == null
            http GET http://api.shop.test/lang
            expect last.headers.set-cookie == "lang=en; Domain=shop.test"
            expect last.cookies[0].host_only == false
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        await harness.close()
    }

    // RFC 6265 §5.4 step 1 (domain, path and secure-only checks when sending)
    @Test func theJarSendsCookiesOnlyWhereTheyMatch() async throws {
        let transport = Self.transport()
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            http GET http://shop.test/account/login
            http GET http://api.shop.test/lang
            http GET http://shop.test/account/orders
            http GET http://api.shop.test/lang
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let sent = transport.requests.map { $0.headers[values: .cookie] }
        #expect(sent[0] == [])
        // session_token is host-only and theme Secure (this is http): neither goes to api.shop.test.
        #expect(sent[1] == [])
        #expect(sent[2] == ["session_token=abc123xyz; lang=en"])
        #expect(sent[3] == ["lang=en"])
        await harness.close()
    }

    // RFC 6265 §5.3 (the stored fields: name, value, domain, path, expiry, secure-only); secret rules of the shell
    @Test func httpCookiesListsTheJarWithSecretValuesMasked() async {
        let harness = ShellHarness(transport: Self.transport())
        let run = await harness.execute(
            """
            http GET http://shop.test/account/login
            http GET http://api.shop.test/lang
            http cookies
            expect last[0].name == lang
            expect last[0].domain == shop.test
            expect last[1].name == session_token
            expect last[2].path == "/account"
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let table = run.stdout.split(separator: "\n").suffix(4).map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(
            table == [
                "name value domain path expires secure",
                "lang en .shop.test / session no",
                "session_token *** shop.test / 2099-10-21T07:28:00.000Z no",
                "theme dark shop.test /account session yes",
            ]
        )
        #expect(!run.stdout.contains("abc123xyz"))
        let empty = await ShellHarness().execute("http cookies\n")
        #expect(empty.stdout == "(no cookies)\n")
    }
}
