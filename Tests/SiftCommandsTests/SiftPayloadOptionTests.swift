import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// Seed 001 §3.1 and §3.4 from the shell: an event's own user id, metrics and legacy device
/// properties, and every part of a location.
@Suite(.timeLimit(.minutes(1)))
struct SiftPayloadOptionTests {
    /// Seed 001 §3.1: userId "if not set, the event queue will use the user ID set in the shared
    /// Sift object"; metrics and device_properties are string maps.
    @Test func anEventCarriesItsOwnUserMetricsAndDeviceProperties() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            sift user shared-user
            sift event login --user u-42 --metrics '{"queue_ms":"12"}' --device-properties '{"jailbroken":"false"}'
            expect last.event.user_id == u-42
            expect last.event.metrics.queue_ms == "12"
            expect last.event.device_properties.jailbroken == "false"
            sift event plain
            expect last.event.user_id == shared-user
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    /// Seed 001 §3.1 (via wire-notes' sanity check): metrics must be strings to strings, else the event is dropped.
    @Test func metricsThatAreNotStringsGetTheEventDropped() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("sift event login --metrics '{\"queue_ms\":12}'\nexpect last.queued == false\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr.contains("event dropped by the sanity check: metrics.queue_ms is a number, not a string"), "\(run.stderr)")
        await harness.close()
    }

    @Test func metricsThatAreNotAnObjectAreRefusedBeforeRunning() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("echo ran\nsift event login --metrics '[1]'\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(!run.stdout.contains("ran"))
        #expect(run.stderr.contains("a JSON object"), "\(run.stderr)")
        await harness.close()
    }

    /// Seed 001 §3.4: altitude, horizontal and vertical accuracy, floor, speed and course.
    @Test func aLocationSetWithEveryPartIsSentWhole() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            sift location allow
            sift location set 52.52 13.405 --altitude 34 --horizontal-accuracy 5 --vertical-accuracy 3 --floor 2 --speed 1.5 --course 270
            sift collect app-state
            expect last.event.ios_app_state.location.latitude == 52.52
            expect last.event.ios_app_state.location.altitude == 34
            expect last.event.ios_app_state.location.horizontal_accuracy == 5
            expect last.event.ios_app_state.location.vertical_accuracy == 3
            expect last.event.ios_app_state.location.floor == 2
            expect last.event.ios_app_state.location.speed == 1.5
            expect last.event.ios_app_state.location.course == 270
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    @Test func aCourseOffTheCompassIsRefused() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("sift location set 1 2 --course 400\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(run.stderr.contains("a number from 0.0 to 360.0"), "\(run.stderr)")
        await harness.close()
    }
}
