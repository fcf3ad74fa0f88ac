import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Sift through the shell against the in-process backend on loopback: the batches the SDK's
/// rules make, gzipped and authenticated, and every event delivered once through a fault.
@Suite(.timeLimit(.minutes(2)))
struct SiftLoopbackTests {
    static let setup = """
        backend sift-key loop-key
        sift server local
        sift account acct-loop
        sift beacon loop-key
        sift user u-loop

        """

    static func events(_ count: Int) -> String {
        (1...count).map { "sift event tap --path /p i=\($0)\n" }.joined()
    }

    /// The first event goes at once (nothing uploaded yet); the 33rd after it fills the default
    /// queue (more than 32); the snapshot's queue is ready at once; --force sends the last 6.
    @Test func fortyEventsAndADeviceSnapshotArriveInTheSDKsBatches() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            Self.setup + Self.events(40) + """
                sift collect device
                sift upload --force --wait 30s
                expect last.waiting == 0
                backend received sift
                expect last.batches == 4
                expect last.count == 41
                expect last.duplicates == 0
                expect last.refused == 0
                expect last.not_gzipped == 0
                expect last.uploads[0].events == 1
                expect last.uploads[1].events == 33
                expect last.uploads[2].events == 1
                expect last.uploads[3].events == 6
                expect last.uploads[3].gzip == true
                expect last.uploads[3].auth == key
                expect last.uploads[3].content_type == application/json
                expect last.accounts.acct-loop == 41
                expect last.events[0].event.mobile_event_type == tap
                expect last.events[0].event.path == /p
                expect last.events[0].event.user_id == u-loop
                expect last.events[0].event.fields.i == 1
                expect last.events[0].event.installation_id exists
                expect last.events[34].event.ios_device_properties.app_name == sdkbench
                expect last.events[34].event.ios_device_properties.device_ifv exists
                """
        )
        #expect(run.status == .success, "\(run.stdout.suffix(3000))\n\(run.stderr)")
        await harness.close()
    }

    /// The batches of 1 and 33 may go through their retries before `sift upload` starts (sleeps
    /// pass at once here), so only the 6 it hands over are sure to count in its report.
    @Test func fiveHundredTwiceEndsWithEveryEventDeliveredOnce() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            Self.setup + "backend fault sift 500 --times 2\n" + Self.events(40) + """
                sift upload --force --wait 60s
                expect last.waiting == 0
                expect last.delivered >= 6
                backend received sift
                expect last.count == 40
                expect last.duplicates == 0
                """
        )
        #expect(run.status == .success, "\(run.stdout.suffix(3000))\n\(run.stderr)")
        #expect(run.stderr.contains("rejected: HTTP 500 (reject 2 of 3); retrying in 10 s"), "\(run.stderr)")
        await harness.close()
    }

    /// A wrong beacon key is a reject like any other: three 401s drop the batch, and `sift queues` says so.
    @Test func aWrongBeaconKeyEndsInADropThatIsReported() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            backend sift-key right-key-1
            sift server local
            sift account acct-loop
            sift beacon wrong-key-1
            sift event tap
            sift upload --wait 30s
            sift queues
            expect last.uploader.batches == 0
            expect last.uploader.lastFailure contains 401
            """,
            options: RunOptions(keepGoing: true)
        )
        #expect(run.stderr.contains("[Sift] batch of 1 event dropped: rejected 3 times (last HTTP 401)"), "\(run.stderr)")
        // The first event's batch may go through its three tries before the command starts (the
        // harness's sleeps pass at once); when the upload saw the drop, it failed and said what to check.
        if run.stderr.contains("sift upload: ") {
            #expect(run.status == .runtime)
            #expect(run.stderr.contains("sift upload: 1 batch dropped (rejected 3 times (last HTTP 401)); check 'sift beacon'"), "\(run.stderr)")
        }
        await harness.close()
    }

    /// No beacon key: nothing can be sent, so the upload did not happen (exit 3, naming what is missing).
    @Test func anUploadWithNoBeaconKeyFails() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            sift server local
            sift account acct-loop
            sift event tap
            sift upload --wait 1s
            """
        )
        #expect(run.status == .runtime, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("sift upload: nothing can be sent until beacon"), "\(run.stderr)")
        await harness.close()
    }
}
