import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// Seed 001 §4.6 (SiftAppState): "App state collects the location, heading, device motion,
/// accelerometer data, gyro data and magnetometer data", through `updateDeviceMotion`,
/// `updateAccelerometerData`, `updateGyroData`, `updateMagnetometerData` and
/// `allowUsingMotionSensors`. The entry types and field names are sift-ios's
/// (`SFIosAppState.m`); the bound is its collector's 10 readings per sensor.
@Suite(.timeLimit(.minutes(1)))
struct SiftMotionSensorTests {
    /// Seed 001 §4.6: each update method's readings reach the next app state as the SDK's entry
    /// type, an array of timed samples with the SDK's field names; the collection takes them.
    @Test func readingsGoIntoTheNextAppStateAsTheSDKsEntryTypes() async throws {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            sift sensors allow
            sift sensors add motion 0.1 0.2 -0.3 --time 1731927480000
            sift sensors add accelerometer 0 0 -1
            sift sensors add gyro 0.01 -0.02 0.5
            sift sensors add magnetometer 30 -12 40
            expect last.waiting == 4
            status
            expect last.sift.motionSensors == true
            expect last.sift.motionReadings == 4
            sift collect app-state
            expect last.event.ios_app_state.motion[0].time == 1731927480000
            expect last.event.ios_app_state.motion[0].user_acceleration_x == 0.1
            expect last.event.ios_app_state.motion[0].user_acceleration_z == -0.3
            expect last.event.ios_app_state.raw_accelerometer[0].acceleration_z == -1
            expect last.event.ios_app_state.raw_accelerometer[0].time == 1731927483234
            expect last.event.ios_app_state.raw_gyro[0].rotation_rate_y == -0.02
            expect last.event.ios_app_state.raw_magnetometer[0].magnetic_field_x == 30
            sift collect app-state
            echo "after: {{last.event.ios_app_state}}"
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        let after = run.stdout.split(separator: "\n").first { $0.hasPrefix("after: ") } ?? ""
        #expect(after.contains("sdk_version") && !after.contains("raw_gyro") && !after.contains("motion"), "taken once: \(after)")
        await harness.close()
    }

    /// Seed 001 §4.6 allowUsingMotionSensors: off by default, as in the SDK; readings given while
    /// disallowed are not collected, and disallowing drops those waiting.
    @Test func disallowedReadingsAreNotCollected() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            sift sensors add gyro 1 2 3
            expect last.allowed == false
            expect last.waiting == 0
            sift sensors allow
            sift sensors add gyro 1 2 3
            sift sensors disallow
            expect last.dropped == 1
            sift collect app-state
            echo "disallowed: {{last.event.ios_app_state}}"
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("not collected: motion sensors are disallowed"), "\(run.stdout)")
        let state = run.stdout.split(separator: "\n").first { $0.hasPrefix("disallowed: ") } ?? ""
        #expect(state.contains("sdk_version") && !state.contains("raw_gyro"), "\(state)")
        await harness.close()
    }

    /// The SDK keeps at most 10 readings per sensor (SF_MOTION_SENSOR_NUM_READINGS), the newest.
    @Test func eachSensorKeepsItsNewestTenReadings() async throws {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        var script = "sift sensors allow\n"
        for index in 1...12 { script += "sift sensors add gyro \(index) 0 0 --time \(1_731_927_480_000 + index)\n" }
        script += """
            expect last.droppedOldest == 1
            sift sensors add accelerometer 1 1 1
            expect last.waiting == 11
            sift collect app-state
            expect last.event.ios_app_state.raw_gyro[0].rotation_rate_x == 3
            expect last.event.ios_app_state.raw_gyro[9].rotation_rate_x == 12
            expect last.event.ios_app_state.raw_accelerometer[0].acceleration_x == 1
            echo "gyro: {{last.event.ios_app_state.raw_gyro}}"
            """
        let run = await harness.execute(script)
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        let gyro = run.stdout.split(separator: "\n").first { $0.hasPrefix("gyro: ") }.map { String($0.dropFirst(6)) } ?? ""
        await harness.close()
        let samples: [Value]? = if case .array(let list) = try JSONParser.parse(gyro) { list } else { nil }
        #expect(try #require(samples, "not an array: \(gyro)").count == 10)
    }

    /// A file of samples as the app state carries them: a device-motion sample's every field by
    /// its SDK name; an unknown field or entry type is a located error naming it.
    @Test func aFileOfSamplesUsesTheSDKsFieldNames() async throws {
        let directory = TemporaryDirectory()
        let motion = #"""
            {"motion":[{"time":1731927481000,"attitude_roll":0.1,"attitude_pitch":0.2,"attitude_yaw":0.3,
            "rotation_rate_x":1,"gravity_z":-1,"user_acceleration_y":0.05,"magnetic_field_x":20,
            "magnetic_field_calibration_accuracy":"cm_magnetic_field_calibration_accuracy_high"}],
            "raw_magnetometer":[{"magnetic_field_z":41.5}]}
            """#
        let good = directory.write("motion.json", motion)
        let bad = directory.write("bad.json", #"{"raw_gyro":[{"rotation_rate_q":1}]}"#)
        defer { directory.remove() }
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            sift sensors allow
            sift sensors add --file \(good)
            expect last.added == 2
            sift collect app-state
            expect last.event.ios_app_state.motion[0].attitude_yaw == 0.3
            expect last.event.ios_app_state.motion[0].gravity_z == -1
            expect last.event.ios_app_state.motion[0].magnetic_field_calibration_accuracy == cm_magnetic_field_calibration_accuracy_high
            expect last.event.ios_app_state.raw_magnetometer[0].magnetic_field_z == 41.5
            expect last.event.ios_app_state.raw_magnetometer[0].time == 1731927483234
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        let refused = await harness.execute("sift sensors add --file \(bad)\n")
        #expect(refused.status == .runtime)
        #expect(refused.stderr.contains("'rotation_rate_q' in raw_gyro[0] is not a field of raw_gyro"), "\(refused.stderr)")
        #expect(refused.stderr.contains("test.sdk:1:"), "located: \(refused.stderr)")
        await harness.close()
    }

    /// Bad lines stop before running, each with its place.
    @Test func aSensorNeedsThreeNumbersAndOneSource() {
        let harness = ShellHarness()
        for (line, message) in [
            ("sift sensors add gyro 1 2\n", "sift sensors add SENSOR needs X, Y and Z"),
            ("sift sensors add compass 1 2 3\n", "compass"),
            ("sift sensors add\n", "needs SENSOR or --file"),
            ("sift sensors add gyro 1 2 3 --file x.json\n", "not more than one"),
        ] {
            let run = harness.run(line)
            #expect(run.status == .parse, "\(line): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(line): \(run.stderr)")
        }
    }
}
