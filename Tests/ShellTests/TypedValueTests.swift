import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// Values go on the wire as typed, or are refused by the check pass with a located error.
@Suite(.timeLimit(.minutes(1)))
struct TypedValueTests {
    @Test(arguments: [
        ("log nums a:=1e999", "test.sdk:2:"), ("log nums f:=12345678901234567890", "test.sdk:2:"), ("set big 1e999 --json", "test.sdk:2:9:"),
        ("miataru location update 0x1p4 0x10", "test.sdk:2:25:"), ("miataru location update 1 2 --battery inf", "test.sdk:2:39:"),
        ("miataru allowed set m2:location m2:history", "test.sdk:2:33:"), ("miataru allowed set m2:location:location", "test.sdk:2:21:"),
        ("miataru device \(String(repeating: "d", count: 300))", "test.sdk:2:16:"),
    ])
    func aValueThatCannotGoOutAsTypedIsACheckError(_ line: String, _ location: String) {
        let harness = ShellHarness()
        let run = harness.run("echo never\n" + line + "\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.hasPrefix(location), "\(run.stderr)")
    }

    @Test func theAllowedListErrorNamesBothEntries() {
        let run = ShellHarness().run("miataru allowed set m2:location m2:history\n")
        #expect(run.stderr.contains("'m2:location' names m2 too"), "\(run.stderr)")
    }

    @Test func miataruSendsPlainDecimals() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device plain-dec
            miataru location update 4.98e1 1e1 --accuracy 2.5E1 --battery 8e1
            miataru location get plain-dec
            expect last.locations[0].Latitude == "49.8"
            expect last.locations[0].Longitude == "10"
            """
        )
        await harness.close()
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
    }
}
