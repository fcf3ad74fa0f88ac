import SDKBenchShellTesting
import SDKBenchTesting
import Shell
import Testing

/// URLSession sends `Accept-Encoding: gzip, deflate, br` on every request and hands the app the
/// decoded body; the workbench sent none and showed httpbin's `/gzip` as "binary data not shown"
/// (`last.json` null) (issue 52, item 15). The encoded bodies are Python's: `gzip.compress`,
/// `zlib.compress` and the `brotli` module's `compress` (mitmproxy's dependency), of
/// `{"coding":"NAME","ok":true}`.
@Suite(.timeLimit(.minutes(1)))
struct ContentEncodingTests {
    static let answers: [String: HeaderEchoServer.EncodedAnswer] = [
        "/gzip": .init(
            coding: "gzip",
            bytes: bytes("1f8b0800000000000203ab564ace4fc9cc4b57b2524aafca2c50d251cacf56b22a292a4dad05003053d4bc1b000000")
        ),
        "/deflate": .init(coding: "deflate", bytes: bytes("789cab564ace4fc9cc4b57b2524a494dcb492c4955d251cacf56b22a292a4dad05009d7a0a48")),
        "/brotli": .init(coding: "br", bytes: bytes("0b0c807b22636f64696e67223a226272222c226f6b223a747275657d03")),
        "/cut": .init(
            coding: "gzip",
            bytes: Array(bytes("1f8b0800000000000203ab564ace4fc9cc4b57b2524aafca2c50d251cacf56b22a292a4dad05003053d4bc1b000000").prefix(20))
        ),
    ]

    /// The `--secret hex:…` reading of hex digits.
    static func bytes(_ hex: String) -> [UInt8] { RecognizerKeys.bytes(of: "hex:" + hex) ?? [] }

    @Test func everyRequestAsksForGzipDeflateAndBrotliAndEachAnswerIsDecoded() async throws {
        let server = try await HeaderEchoServer.start(encodedAnswers: Self.answers)
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http GET \(server.url)/anything
            expect last.json.headers.accept-encoding == "gzip, deflate, br"
            http GET \(server.url)/gzip
            expect last.json.coding == gzip
            expect last.headers.content-encoding == gzip
            http GET \(server.url)/deflate
            expect last.json.coding == deflate
            http GET \(server.url)/brotli -v
            expect last.json.coding == br
            """
        )
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(" ms, 29 bytes on the wire, 25 decoded)\n"), "-v keeps the size on the wire: \(run.stdout)")
        // `Accept-Encoding:` removes it, as any header the client adds.
        let removed = await harness.execute("http GET \(server.url)/anything Accept-Encoding:\n")
        #expect(removed.status == .success && !removed.stdout.lowercased().contains("accept-encoding"), "\(removed.stdout)")
        await harness.close()
        await server.stop()
    }

    @Test func noDecodeKeepsTheBytesAndACutBodyIsAnInvalidResponse() async throws {
        let server = try await HeaderEchoServer.start(encodedAnswers: Self.answers)
        let harness = ShellHarness()
        let kept = await harness.execute("http GET \(server.url)/gzip --no-decode\nexpect last.json == null\n")
        #expect(kept.status == .success, "\(kept.stdout)\(kept.stderr)")
        #expect(kept.stdout.contains("binary data not shown (47 bytes, application/json)"), "\(kept.stdout)")
        let cut = await harness.execute("http GET \(server.url)/cut\n")
        #expect(cut.status == .runtime, "\(cut.stdout)\(cut.stderr)")
        #expect(cut.stderr.contains("cannot decode the body (Content-Encoding: gzip): the gzip body is cut short"), "\(cut.stderr)")
        await harness.close()
        await server.stop()
    }
}
