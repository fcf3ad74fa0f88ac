import Foundation
import JSON
import Platform
import SDKBenchShellTesting
import SDKBenchTesting
import Shell
import Testing

@testable import LoadMode

/// `sdkbench load` as the library call the executable makes: the devices' sessions from the
/// product's factory, the work directory, the outputs, the status.
@Suite(.timeLimit(.minutes(2)))
struct LoadRunTests {
    private static func run(_ script: String, devices: Int, in directory: TemporaryDirectory) async throws -> (Shell.ExitStatus, Output) {
        var run = LoadRun(
            plan: LoadPlan(devices: devices, stop: .iterations(2)),
            scriptName: "flow.sdk",
            scriptBytes: Array(script.utf8),
            sessions: ShellHarness.sessions()
        )
        run.outputs = [try LoadOutputRegistry.standard.parse("json=\(directory.path)/report.json")]
        let terminal = Output(destination: .memory)
        let status = await OwnThread.run { [run] in
            run.run(terminal: terminal, stateDirectory: directory.path, signalsSince: SignalTrap.count, watchdog: nil)
        }
        return (status, terminal)
    }

    @Test func aRunReportsEveryDevicesIterationsAndTheScriptsDigestAndLeavesNoWorkDirectory() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (status, _) = try await Self.run("set x 1\nexpect {{x}} == 1\n", devices: 3, in: directory)

        #expect(status == .success)
        let json = try JSONParser.parse(FileReader.readText(directory.path + "/report.json"))
        let report = try #require({ if case .object(let object) = json { object } else { nil } }(), "not an object: \(json)")
        #expect(report["iterations"] == .int(6))
        // `printf 'set x 1\nexpect {{x}} == 1\n' | sha256sum` (coreutils), not our own digest.
        let script = try #require({ if case .object(let object)? = report["script"] { object } else { nil } }(), "no script in \(json)")
        #expect(script["sha256"] == .string("e58894b486f17fc5cd7c9452b6cb7d87107a0aafb8f1dbe8965c64e7bdcdc111"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/load").isEmpty)
    }

    @Test func aScriptThatDoesNotCheckRunsNoDeviceAndEndsWithTheParseStatus() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (status, terminal) = try await Self.run("sett x 1\n", devices: 2, in: directory)

        #expect(status == .parse)
        #expect(terminal.captured().stderr.contains("sdkbench load: 'flow.sdk' does not check; nothing was measured"))
    }
}
