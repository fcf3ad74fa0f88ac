import HTTPTypes
import Hamon
import JSON
import SDKBenchCatalog
import Shell
import Testing
import Transport

@testable import ProxyMode

/// Each exchange's line as the engine that recognizes it says it, with status and time; the
/// rest as `METHOD /path → STATUS`; secrets masked in lines, bodies and NDJSON.
@Suite(.timeLimit(.minutes(1)))
struct ProxyLineGeneratorTests {
    static func generator(keys: RecognizerKeys = RecognizerKeys(["hamon.key": HamonCipher.key])) -> ProxyLineGenerator {
        ProxyLineGenerator(recognizers: ShellCatalog.standard.modules.compactMap(\.recognizer), keys: keys, secrets: SecretValues())
    }

    static func proxied(_ exchange: RecordedExchange, outcome: ProxyOutcome = .answered) -> ProxyEvent {
        var exchange = exchange
        exchange.duration = .milliseconds(12)
        return .exchange(
            ProxiedExchange(
                exchange: exchange,
                outcome: outcome,
                client: "127.0.0.1",
                requestBodySize: exchange.requestBody.count,
                responseBodySize: exchange.responseBody.count
            )
        )
    }

    @Test func hamonsEventsAreDecryptedAndCounted() {
        let plaintext = #"{"events":[{"name":"purchase"},{"name":"open"},{"name":"open"}]}"#
        let body = #"{"payload":"\#(HamonCipher.encrypt(Array(plaintext.utf8)))"}"#
        let exchange = RecordedExchange(method: "POST", url: "http://127.0.0.1:1/v1/users/u-1/event", requestBody: Array(body.utf8), status: 200)
        let line = Self.generator().text(Self.proxied(exchange), verbose: false)
        #expect(line == "hamon.events for user u-1: 3 events (purchase, open, open) → 200 12 ms")
        let verbose = Self.generator().text(Self.proxied(exchange), verbose: true)
        #expect(verbose.contains("\n  {\"user\":\"u-1\",\"decrypted\":{\"events\":[{\"name\":\"purchase\"}"), "\(verbose)")
    }

    @Test func anExchangeNoEngineKnowsIsMethodPathStatusAndTime() {
        let exchange = RecordedExchange(method: "GET", url: "http://127.0.0.1:1/health?token=abcdef123", status: 204)
        #expect(Self.generator().text(Self.proxied(exchange), verbose: false) == "GET /health?token=*** → 204 12 ms")
    }

    @Test func aFailureSaysWhatHappened() {
        let exchange = RecordedExchange(method: "GET", url: "http://127.0.0.1:1/x")
        let line = Self.generator().text(
            Self.proxied(exchange, outcome: .upstreamUnreachable("cannot connect to upstream 127.0.0.1:1: connection refused")),
            verbose: false
        )
        #expect(line == "GET /x → 502 12 ms (cannot connect to upstream 127.0.0.1:1: connection refused)")
    }

    @Test func aTokenSentInAHeaderIsMaskedWhereverItIsEchoed() throws {
        let token = "tok-7f3a9c21"
        let exchange = RecordedExchange(
            method: "POST",
            url: "http://127.0.0.1:1/echo",
            requestHeaders: [.authorization: "Bearer \(token)"],
            requestBody: Array(#"{"a":1}"#.utf8),
            status: 200,
            responseBody: Array(#"{"seen":"\#(token)"}"#.utf8)
        )
        let generator = Self.generator()
        let verbose = generator.text(Self.proxied(exchange), verbose: true)
        #expect(!verbose.contains(token))
        #expect(verbose.contains(#"{"seen":"***"}"#), "\(verbose)")
        let json = generator.json(Self.proxied(exchange))
        #expect(!json.contains(token))
        guard case .object(let parsed) = try JSONParser.parse(json) else {
            Issue.record("not an object: \(json)")
            return
        }
        #expect(parsed["status"] == .int(200))
        #expect(parsed["method"] == "POST")
        #expect(parsed["kind"] == .null)
    }

    @Test func aSecretGivenOnTheCommandLineIsMaskedInTheDecodedView() {
        let secrets = SecretValues()
        secrets.add("hunter2-long")
        let generator = ProxyLineGenerator(recognizers: ShellCatalog.standard.modules.compactMap(\.recognizer), secrets: secrets)
        let exchange = RecordedExchange(method: "POST", url: "/x", requestBody: Array("password is hunter2-long".utf8), status: 200)
        #expect(!generator.text(Self.proxied(exchange), verbose: true).contains("hunter2-long"))
    }

    /// Issue 52 §1: a form body's secret-named fields are masked as a JSON body's members are,
    /// and their values (and a secret-named query parameter's) wherever a server echoes them.
    @Test func aFormBodysSecretFieldsAreMaskedAndSoAreTheirEchoes() {
        let exchange = RecordedExchange(
            method: "POST",
            url: "http://127.0.0.1:1/login?api_key=ak-13572468",
            requestHeaders: [.contentType: "application/x-www-form-urlencoded"],
            requestBody: Array("user=ada&password=pw-24681357&remember=1".utf8),
            status: 200,
            responseHeaders: [.contentType: "text/plain"],
            responseBody: Array("welcome ada (pw-24681357, ak-13572468)".utf8)
        )
        let verbose = Self.generator().text(Self.proxied(exchange), verbose: true)
        #expect(!verbose.contains("pw-24681357") && !verbose.contains("ak-13572468"), "\(verbose)")
        #expect(verbose.contains("\n  > user=ada&password=***&remember=1"), "\(verbose)")
        #expect(verbose.contains("\n  < welcome ada (***, ***)"), "\(verbose)")
    }

    /// The password inside `Authorization: Basic base64(user:pass)` is masked bare too: httpbin's
    /// `/basic-auth/USER/PASS` puts it in the path, and the secret search of issue 52 found it there.
    @Test func theBasicCredentialsPasswordIsMaskedWhereverItStands() {
        let exchange = RecordedExchange(
            method: "GET",
            url: "http://127.0.0.1:1/basic-auth/ada/BasicPassw0rdXyz",
            requestHeaders: [.authorization: "Basic " + BasicCredentials.encoded("ada:BasicPassw0rdXyz")],
            status: 200,
            responseHeaders: [.contentType: "application/json"],
            responseBody: Array(#"{"authenticated": true, "user": "ada"}"#.utf8)
        )
        let line = Self.generator().text(Self.proxied(exchange), verbose: true)
        #expect(line.hasPrefix("GET /basic-auth/ada/*** → 200"), "\(line)")
        #expect(!line.contains("BasicPassw0rdXyz") && !line.contains(BasicCredentials.encoded("ada:BasicPassw0rdXyz")), "\(line)")
    }

    /// A secret-named JSON member's value, masked in the request by name, is masked in an echo too.
    @Test func aSecretNamedJSONMembersValueIsMaskedWhereverItIsEchoed() {
        let exchange = RecordedExchange(
            method: "POST",
            url: "http://127.0.0.1:1/j",
            requestHeaders: [.contentType: "application/json"],
            requestBody: Array(#"{"user": "ada", "auth": [{"token": "tk-86427531"}]}"#.utf8),
            status: 200,
            responseHeaders: [.contentType: "text/plain"],
            responseBody: Array("seen tk-86427531".utf8)
        )
        let verbose = Self.generator().text(Self.proxied(exchange), verbose: true)
        #expect(!verbose.contains("tk-86427531"), "\(verbose)")
    }

    /// `curl -F password=…`: a multipart body's secret-named fields are masked, and their echoes.
    @Test func aMultipartBodysSecretFieldsAreMaskedAndSoAreTheirEchoes() {
        let body = "--b1\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nmp-27182818\r\n--b1--\r\n"
        let exchange = RecordedExchange(
            method: "POST",
            url: "http://127.0.0.1:1/upload",
            requestHeaders: [.contentType: "multipart/form-data; boundary=b1"],
            requestBody: Array(body.utf8),
            status: 200,
            responseHeaders: [.contentType: "text/plain"],
            responseBody: Array("got mp-27182818".utf8)
        )
        let verbose = Self.generator().text(Self.proxied(exchange), verbose: true)
        #expect(!verbose.contains("mp-27182818"), "\(verbose)")
        #expect(verbose.contains("name=\"password\"\r\n\r\n***\r\n--b1--"), "\(verbose)")
    }
}
