import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing
import Transport

@testable import Shell

/// Sift through the shell, with a recording transport standing in for the server: the commands,
/// their results and their wording. (The loopback tests against the embedded backend are in
/// `SiftLoopbackTests`.)
@Suite(.timeLimit(.minutes(1)))
struct SiftFlowTests {
    static let setup = """
        sift server http://127.0.0.1:9/v3/accounts/%@/mobile_events
        sift account acct-1
        sift beacon flow-beacon-key
        sift user u1

        """

    @Test func anEventIsQueuedUploadedAndShown() async throws {
        let transport = RecordingTransport(statuses: [])
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            Self.setup + """
                sift event tap --path /checkout button=pay
                expect last.queued == true
                expect last.event.user_id == u1
                expect last.event.fields.button == pay
                sift event second
                expect last.depth == 1
                sift queues
                expect last.queued == 1
                expect last.queues[0].ready == false
                sift upload --force
                expect last.delivered >= 1
                expect last.waiting == 0
                status
                expect last.sift.account == acct-1
                expect last.sift.queued == 0
                """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        #expect(transport.requests.count == 2, "the first event went at once, the second on --force")
        #expect(
            run.stdout.contains("sift-default  1 event, oldest 2024-11-18T10:58:03.234Z, waiting: 1 of more than 32 events; by age after"),
            "\(run.stdout)"
        )
        #expect(run.stdout.contains("sift-devprops  0 events, empty"))
        await harness.close()
    }

    @Test func aMalformedEventIsDroppedAndSaysWhy() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("sift event tap count:=5\nexpect last.queued == false\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr.contains("[Sift] event dropped by the sanity check: fields.count is a number, not a string"), "\(run.stderr)")
        await harness.close()
    }

    /// The first event goes at once (200); the second, forced, is refused twice and then delivered.
    @Test func rejectsAreRetriedUntilDeliveredWithWait() async {
        let transport = RecordingTransport(statuses: [200, 500, 500])
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            Self.setup + """
                sift event first
                sift event second
                sift upload --force --wait 30s
                expect last.waiting == 0
                expect last.uploader.rejects == 0
                sift queues
                expect last.uploader.batches == 0
                """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        #expect(transport.requests.count == 4)
        #expect(run.stderr.contains("[Sift] batch of 1 event rejected: HTTP 500 (reject 1 of 3); retrying in 5 s"))
        #expect(run.stderr.contains("rejected: HTTP 500 (reject 2 of 3); retrying in 10 s"))
        await harness.close()
    }

    @Test func withoutAccountAndKeyBatchesWaitAndSaySo() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("sift server local\nsift event a\nsift queues\nexpect last.uploader.batches == 1\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("uploader  1 batch waiting (1 event), rejects 0, waiting for account and beacon key"), "\(run.stdout)")
        await harness.close()
    }

    @Test func badValuesAreRefusedBeforeAnythingRuns() {
        let harness = ShellHarness()
        for (line, message) in [
            ("sift server http://h/no-account\n", "invalid URL_FORMAT 'http://h/no-account'"),
            ("sift location set 91 0\n", "invalid LAT '91': expected a number from -90 to 90"),
            ("sift account a/b\n", "invalid ID 'a/b'"),
        ] {
            let run = harness.run(line)
            #expect(run.status == .parse, "\(line)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
    }

    @Test func pauseCollectsNothingAndLocationFollowsItsSwitch() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            sift location set 37.5 -122.25
            sift collect app-state --title Home
            expect last.event.ios_app_state.location.latitude == 37.5
            expect last.event.ios_app_state.location.altitude == 0
            expect last.event.ios_app_state.location.horizontal_accuracy == -1
            expect last.event.ios_app_state.location.course == -1
            expect last.event.ios_app_state.window_root_view_controller_titles[0] == Home
            sift location disallow
            sift collect app-state
            echo "disallowed: {{last.event.ios_app_state}}"
            sift pause
            sift collect device
            expect last.collected == false
            sift resume
            sift collect device
            expect last.event.ios_device_properties.device_name == testbox
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        let disallowed = run.stdout.split(separator: "\n").first { $0.hasPrefix("disallowed: ") } ?? ""
        #expect(disallowed.contains("sdk_version") && !disallowed.contains("location"), "\(disallowed)")
        await harness.close()
    }

    /// Without `sift server`, batches go to the embedded backend like every engine's, or to the
    /// host `configure host` names; the SDK's production URL only when asked for by name.
    @Test func theDefaultServerIsTheEmbeddedBackendAndProductionOnlyByName() async throws {
        let transport = RecordingTransport(statuses: [])
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            sift server
            expect last.server matches '^http://127\\.0\\.0\\.1:[0-9]+/v3/accounts/%@/mobile_events$'
            expect last.setting == host
            configure host 127.0.0.1:9
            sift server
            expect last.server == "http://127.0.0.1:9/v3/accounts/%@/mobile_events"
            sift server sdk
            expect last.server == "https://api3.siftscience.com/v3/accounts/%@/mobile_events"
            expect last.setting == sdk
            sift server local
            expect last.setting == local
            """
        )
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
        await harness.close()
    }
}
