import ContentCoding
import FoundationEssentials
import SDKBenchTesting
import Testing

@testable import Backend
@testable import SiftBackend

/// Bodies gzipped by an encoder that shares nothing with ours (CPython's `gzip` module over its
/// own zlib build), read by the Sift routes.
@Suite(.timeLimit(.minutes(1)))
struct SiftGzipKnownAnswerTests {
    /// `json` gzipped by Python at `level`, with a fixed mtime and a file name in the header (FNAME).
    private func pythonGzip(_ json: String, level: Int) async throws -> [UInt8] {
        let script = """
            import base64, gzip, io, sys
            data = sys.stdin.buffer.read()
            out = io.BytesIO()
            with gzip.GzipFile(filename="batch.json", mode="wb", compresslevel=\(level), fileobj=out, mtime=1731927483) as f:
                f.write(data)
            sys.stdout.write(base64.b64encode(out.getvalue()).decode())
            """
        let result = await ProcessRunner.run("/usr/bin/python3", ["-c", script], stdin: json, deadline: .seconds(30))
        #expect(result.status == 0, "\(result.stderr)")
        return Array(try #require(Data(base64Encoded: result.stdout)))
    }

    @Test func pythonsGzipIsReadAndEveryEventStored() async throws {
        let events = (0..<500).map { index in
            SiftTestBodies.event(time: "\(1_731_927_483_000 + index)", type: "tap", extra: #","fields":{"n":"\#(index)","note":"café ☕️ 日本"}"#)
        }
        let json = SiftTestBodies.list(events)
        for level in [1, 9] {
            let routes = SiftRoutes()
            let body = try await pythonGzip(json, level: level)
            #expect(body.starts(with: [0x1F, 0x8B, 0x08, 0x08]))  // gzip, deflate, FNAME set
            let answer = routes.receive(SiftRoutes.Upload(account: "py", authorization: nil, contentEncoding: "gzip", contentType: nil, body: body))
            #expect(answer.status == 200, "\(answer.body)")
            let received = routes.recorder.receivedJSON(requests: 1, limit: 1)
            #expect(received.hasPrefix(#"{"requests":1,"batches":1,"count":500,"duplicates":0"#), "\(received)")
            #expect(received.contains(#""gzip":true,"bytes":\#(body.count),"json_bytes":\#(json.utf8.count)"#))
            #expect(received.contains(#""fields":{"n":"499","note":"café ☕️ 日本"}"#))
            #expect(Gunzip.decompress(body, limit: 1 << 20) == .success(Array(json.utf8)))
        }
    }
}
