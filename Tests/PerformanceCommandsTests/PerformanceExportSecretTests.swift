import Foundation
import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// Timings leave sdkbench with secret metadata values as `***` (exports, the file destination's
/// daily JSON); the journals that must deliver secrets are 0600.
@Suite(.timeLimit(.minutes(1)))
struct PerformanceExportSecretTests {
    static let secret = "S3CRET-perf-meta"

    @Test func exportsAndDailyFilesMaskSecretMetadata() async throws {
        let harness = ShellHarness()
        let daily = harness.home.path + "/daily"
        let run = await harness.execute(
            """
            set tok --secret \(Self.secret)
            perf destination add file --dir \(daily) --batch 1
            perf start login api
            perf end login api token={{tok}} plain=visible
            perf export csv \(harness.home.path)/out.csv
            perf export json \(harness.home.path)/out.json
            perf export json \(harness.home.path)/all.json --all --dir \(daily)
            """
        )
        await harness.close()
        #expect(run.status == .success, "\(run.stderr)")
        let files = ["/out.csv", "/out.json", "/all.json"].map { harness.home.path + $0 } + SDKBenchFiles.regularFiles(under: daily)
        #expect(files.count == 4, "\(files)")
        for file in files {
            let text = try #require(SDKBenchFiles.read(file), "\(file)")
            #expect(!text.contains(Self.secret), "\(file): \(text)")
            #expect(text.contains("***") && text.contains("visible"), "\(file): \(text)")
        }
    }

    @Test func theJournalsThatHoldSecretsAreOwnerOnly() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            user u1
            fcm S3CRET-fcm-journal
            log opened
            sift account acct-1
            sift beacon S3CRET-beacon-1
            sift event tap
            perf destination add analytics local --batch 100
            perf start a b
            perf end a b
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let journals = SDKBenchFiles.regularFiles(under: harness.home.path + "/state").filter { $0.hasSuffix(".journal") }
        #expect(journals.contains { $0.contains("/hamon/") } && journals.contains { $0.contains("/sift/") }, "\(journals)")
        for journal in journals { #expect(SDKBenchFiles.mode(journal) == 0o600, "\(journal)") }
        await harness.close()
    }
}
