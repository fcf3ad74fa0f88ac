import FoundationEssentials
import HTTPTypes
import JSON
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Testing
import Transport

@testable import Shell
@testable import SiftCommands

/// Sift's recognizer on the upload the Sift engine itself sends: the batch gunzipped, the
/// beacon key never shown.
@Suite(.timeLimit(.minutes(1)))
struct SiftRecognizerTests {
    @Test func anUploadIsGunzippedAndItsKeyMasked() async throws {
        let transport = RecordingTransport(statuses: [])
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            sift server http://127.0.0.1:9/v3/accounts/%@/mobile_events
            sift account acct-1
            sift beacon flow-beacon-key
            sift user u1
            sift event tap --path /checkout button=pay

            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        await harness.close()
        let upload = RecordedExchange(try #require(transport.requests.first), response: WireResponse(status: .ok, body: Array("{}".utf8)))
        #expect(upload.requestHeader("Content-Encoding") == "gzip")
        let call = try #require(ShellCatalog.standard.recognize(upload))
        #expect(call.kind == "sift.upload")
        #expect(call.summary == "sift.upload to account acct-1: 1 event (gzip) → 200")
        guard case .object(let view) = call.value, case .object(let batch)? = view["batch"], case .array(let events)? = batch["data"] else {
            Issue.record("no gunzipped batch: \(call.value)")
            return
        }
        #expect(events.count == 1)
        #expect(view["authorization"] == "Basic ***")
        let shown = JSONWriter.compact(call.value) + call.summary
        let base64Key = Data("flow-beacon-key".utf8).base64EncodedString()
        #expect(!shown.contains("flow-beacon-key") && !shown.contains(base64Key), "\(shown)")
    }

    @Test func aCutStreamIsSaidNotShown() throws {
        let cut = RecordedExchange(
            method: "PUT",
            url: "/v3/accounts/a/mobile_events",
            requestHeaders: [.contentEncoding: "gzip"],
            requestBody: [0x1f, 0x8b, 0x08, 0x00]
        )
        let call = try #require(EngineRecognizer.sift.recognize(cut))
        #expect(call.summary == "sift.upload to account a: the gzip body is truncated")
    }
}
