import HTTPTypes
import Ping
import SDKBenchTesting
import Testing

@testable import Transport

/// curl's limits on an answer's head, in every transport: a field (name and value) up to 100 KiB
/// and 300 KiB of fields in all; past them "response headers too large", never "not HTTP".
@Suite(.timeLimit(.minutes(1)))
struct ResponseHeadLimitTests {
    /// An answer with a `Set-Cookie` field of each value size in `sizes`.
    private static func answer(cookieSizes sizes: [Int]) -> String {
        var head = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
        for (index, size) in sizes.enumerated() { head += "Set-Cookie: c\(index)=" + String(repeating: "v", count: size - 3) + "\r\n" }
        return head + "\r\nok"
    }

    /// A 100 KB cookie (curl takes it), and three fields of 95 KiB (285 KiB in all).
    @Test(arguments: TransportKind.allCases, [[100_000], [95 << 10, 95 << 10, 95 << 10]])
    func aHeadWithinCurlsLimitsIsTaken(kind: TransportKind, sizes: [Int]) async throws {
        let server = try await CannedServer.start(answers: [[Self.answer(cookieSizes: sizes)]], closesAfterLast: [false])
        try await kind.run { transport in
            let response = try await PingClient(transport: transport).send { $0.url = server.url + "/big" }
            #expect(response.status == 200 && response.bodyText == "ok")
            #expect(response.headers[values: .setCookie].map(\.utf8.count) == sizes)
        }
        await server.stop()
    }

    /// One field of 101 KiB, or four of 90 KiB (360 KiB in all).
    @Test(arguments: TransportKind.allCases, [[101 << 10], [90 << 10, 90 << 10, 90 << 10, 90 << 10]])
    func aHeadPastCurlsLimitsIsTooLarge(kind: TransportKind, sizes: [Int]) async throws {
        let server = try await CannedServer.start(answers: [[Self.answer(cookieSizes: sizes)]], closesAfterLast: [false])
        try await kind.run { transport in
            let error = await #expect(throws: NetworkError.self) {
                _ = try await PingClient(transport: transport).send { $0.url = server.url + "/big" }
            }
            #expect(error?.description == "invalid response: response headers too large (over 100 KiB in a field or 300 KiB in all)")
        }
        await server.stop()
    }
}
