import Foundation
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing
import Transport

@testable import Shell

/// The beacon key with `trace on` through every Sift command: neither the key nor its base64
/// form appears in stdout, stderr or any file under the state directory (the key is kept in
/// memory only, so there is no store to except).
@Suite(.timeLimit(.minutes(1)))
struct SiftKeyLeakTests {
    static let key = "S3CRET-sift-beacon-<>?!"

    @Test func theBeaconKeyComesOutNowhere() async throws {
        let transport = RecordingTransport(statuses: [500])
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            trace on
            sift server http://127.0.0.1:9/v3/accounts/%@/mobile_events
            sift account leak
            sift beacon \(Self.key)
            sift event tap k=v
            sift collect device
            sift upload --force --wait 30s
            sift queues
            status
            vars
            echo {{last}}
            """,
            options: RunOptions(keepGoing: true, echo: true)
        )
        await harness.close()
        let encoded = Data(Self.key.utf8).base64EncodedString()
        #expect(transport.requests.contains { $0.headers[.authorization] == "Basic " + encoded }, "the key was sent")
        #expect(run.stdout.contains("Authorization: Basic ***"), "the trace did not show a masked header:\n\(run.stdout)")
        for secret in [Self.key, encoded] {
            #expect(!run.stdout.contains(secret), "stdout:\n\(run.stdout)")
            #expect(!run.stderr.contains(secret), "stderr:\n\(run.stderr)")
            for file in SDKBenchFiles.regularFiles(under: harness.home.path + "/state") {
                let bytes = try #require(FileManager.default.contents(atPath: file))
                #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(file)")
            }
        }
    }
}
