import JSON
import Platform
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// `device set`: one profile every engine's payloads report (seed fidelity §2), kept with the
/// session's state, with `{{variables}}` so each load-mode device can be another phone.
@Suite(.timeLimit(.minutes(1)))
struct DeviceProfileTests {
    static let phone = """
        device set model iPhone15,2
        device set manufacturer Apple
        device set os-name iOS
        device set os-version 17.4
        device set app-version 5.1.0
        device set app-build 510
        device set locale de_DE
        device set network cellular
        device set carrier-name 'T-Mobile'
        device set carrier-country de
        device set carrier-network 01
        device set ad-tracking-limited true
        device set battery-level 0.42
        device set battery-state charging
        device set proximity true

        """

    /// Seed 001 §3.2 (device properties) and §3.3 (app state): every fact the SDK sends comes
    /// from the profile, carrier fields included.
    @Test func siftSnapshotsReportTheProfile() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            Self.phone + """
                sift collect device
                expect last.event.ios_device_properties.device_hardware_model == "iPhone15,2"
                expect last.event.ios_device_properties.device_system_name == iOS
                expect last.event.ios_device_properties.device_system_version == "17.4"
                expect last.event.ios_device_properties.app_version == "5.1.0"
                expect last.event.ios_device_properties.mobile_carrier_name == T-Mobile
                expect last.event.ios_device_properties.mobile_iso_country_code == de
                expect last.event.ios_device_properties.mobile_network_code == "01"
                sift collect app-state
                expect last.event.ios_app_state.battery_level == 0.42
                expect last.event.ios_app_state.battery_state == ui_device_battery_state_charging
                expect last.event.ios_app_state.proximity_state == true
                """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    /// Seed 000's user data (device_model, os_version, locale, geo, is_limited_ad_tracking,
    /// app_version, app_version_code) and seed 002's device context, from the same profile.
    @Test func hamonUserDataAndPerfContextReportTheProfile() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            Self.phone + """
                hamon userdata
                expect last.device_model == "iPhone15,2"
                expect last.manufacturer == Apple
                expect last.os_version == "17.4"
                expect last.os_version_int == 17
                expect last.locale == de_DE
                expect last.geo == DE
                expect last.is_limited_ad_tracking == true
                expect last.app_version == "5.1.0"
                expect last.app_version_code == 510
                expect last.connection_type == cellular
                perf start login network
                perf end login network
                expect last.context.deviceModel == "iPhone15,2"
                expect last.context.iosVersion == "17.4"
                expect last.context.appVersion == "5.1.0"
                expect last.context.buildNumber == "510"
                expect last.context.networkType == Cellular
                """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    /// An engine already running takes a changed fact from its next payload on.
    @Test func runningEnginesFollowAChange() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            hamon userdata
            sift collect device
            device set model Pixel-8
            hamon userdata
            expect last.device_model == Pixel-8
            sift collect device
            expect last.event.ios_device_properties.device_hardware_model == Pixel-8
            device unset model
            hamon userdata
            expect last.device_model != Pixel-8
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    /// Variables expand in values, so `{{device.index}}` makes each simulated device another phone.
    @Test func variablesExpandInFacts() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            set n 7
            device set model "Pixel-{{n}}"
            device show
            expect last.model == Pixel-7
            status
            expect last.device.model == Pixel-7
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("model                Pixel-7  (set)"), "\(run.stdout)")
        #expect(run.stdout.contains("device        model Pixel-7"), "\(run.stdout)")
        await harness.close()
    }

    /// Saved with the session's state: a second run on the same home plays the same phone.
    @Test func theProfileIsKeptForTheNextRunOfTheHome() async {
        let first = ShellHarness(transport: RecordingTransport(statuses: []))
        let set = await first.execute("device set carrier-name Vodafone\ndevice set battery-level 0.5\n")
        #expect(set.status == .success, "\(set.stderr)")
        await first.close()
        let second = ShellHarness(sharingHomeOf: first, transport: RecordingTransport(statuses: []))
        let run = await second.execute(
            """
            device show
            expect last.carrier-name == Vodafone
            expect last.battery-level == "0.5"
            device unset --all
            device show
            expect last.carrier-name == null
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await second.close()
    }

    /// Numbers as users type them are kept as the plain decimals the payloads send.
    @Test func batteryLevelsAreKeptAsPlainDecimals() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute(
            """
            device set battery-level -0
            device show
            expect last.battery-level == "0.0"
            device set battery-level 1e-1
            device show
            expect last.battery-level == "0.1"
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    /// A secret never reaches device.json (no secret store) nor a payload as a device fact.
    @Test func aSecretIsRefusedAsAFact() async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("set tok --secret s3cr3tvalue123\ndevice set name \"phone-{{tok}}\"\n")
        #expect(run.status == .runtime, "\(run.stderr)")
        #expect(run.stderr.contains("the value holds a secret"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("s3cr3tvalue123"))
        #expect(SystemFiles.text(harness.home.path + "/state/device.json") == nil)
        await harness.close()
    }

    /// A value of the wrong form is refused before the script runs, located at the value.
    @Test(arguments: [
        ("device set battery-level 2", "expected a number from 0 to 1, or -1 for unknown"),
        ("device set battery-state low", "expected unplugged, charging, full, unknown"),
        ("device set proximity maybe", "expected true or false"),
        ("device set locale de-DE", "expected language_REGION such as de_DE"),
        ("device set colour red", "invalid FACT 'colour'"),
    ])
    func badValuesAreRefusedBeforeRunning(line: String, message: String) async {
        let harness = ShellHarness(transport: RecordingTransport(statuses: []))
        let run = await harness.execute("echo ran\n" + line + "\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(!run.stdout.contains("ran"), "the whole script is checked first")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("test.sdk:2:"), "\(run.stderr)")
        await harness.close()
    }
}
