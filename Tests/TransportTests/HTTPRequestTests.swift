import Ping
import SDKBenchTesting
import Testing

// Scoped: swift-http-types also has an HTTPRequest and an HTTPResponse, which would clash with Transport's.
import struct HTTPTypes.HTTPField

@testable import Transport

/// Header fields through swift-http-types' `HTTPFields`: order, spelling and duplicates as the wire
/// and `-v` need them.
struct HTTPRequestTests {
    private func lines(_ fields: some Sequence<HTTPField>) -> [String] { fields.map { "\($0.name.rawName): \($0.value)" } }

    @Test func aSetHeaderKeepsItsFirstSpellingAndPlaceAndItsValueAsGiven() {
        var request = HTTPRequest()
        request.setHeader(name: "X-B", value: "1")
        request.setHeader(name: "x-a", value: "2")
        request.setHeader(name: "x-b", value: " 3 ")
        request.post(json: .object([:]))
        request.setHeader(name: "content-TYPE", value: "text/plain")
        #expect(lines(request.headers) == ["X-B:  3 ", "x-a: 2", "Content-Type: text/plain"])
    }

    @Test func removingAHeaderTakesEveryFieldOfThatNameAndKeepsTheClientFromAddingIt() async throws {
        let transport = RecordingTransport()
        let client = PingClient(transport: transport)
        var request = HTTPRequest(url: "http://example.test/")
        request.headers.append(HTTPField(name: HTTPField.Name("X-Dup")!, value: "1"))
        request.headers.append(HTTPField(name: HTTPField.Name("x-dup")!, value: "2"))
        request.setHeader(name: "Accept", value: "*/*")
        #expect(lines(request.headers) == ["X-Dup: 1", "x-dup: 2", "Accept: */*"])
        request.removeHeader(name: "X-DUP")
        request.removeHeader(name: "x-requested-platform")
        _ = try await client.send(request)
        #expect(lines(transport.requests[0].headers) == ["Accept: */*", "x-requested-with: ping-sdk", "Accept-Encoding: gzip, deflate, br"])
    }

    @Test func aNameThatIsNotATokenOrAValueWithALineBreakIsAnInvalidRequest() async {
        let client = PingClient(transport: RecordingTransport())
        for (name, value) in [("X Space", "v"), ("X@Y", "v"), ("X-Ok", "a\r\nInjected: yes"), ("X-Ok", "nul\u{0}")] {
            await #expect(throws: NetworkError.self, "\(name): \(value.debugDescription)") {
                _ = try await client.send { request in
                    request.url = "http://example.test/"
                    request.setHeader(name: name, value: value)
                }
            }
        }
    }

    @Test func theContractsMethodsAreNamedInAnyCase() {
        #expect(HTTPMethod(name: "patch") == .patch)
        #expect(HTTPMethod(name: "Options") == .options)
        #expect(HTTPMethod(name: "TRACE") == nil, "not a method of the Ping contract")
        #expect(HTTPMethod.pingContract.map(\.rawValue) == ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"])
    }

    @Test func statusesPrintTheSeedsReasonPhrases() {
        #expect(HTTPStatus(code: 422).codeAndReason == "422 Unprocessable Entity")
        #expect(HTTPStatus(code: 200).codeAndReason == "200 OK")
        #expect(HTTPStatus(code: 418).codeAndReason == "418")
        #expect(HTTPStatus(code: 299).kind == .successful)
    }
}
