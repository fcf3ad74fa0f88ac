import Platform
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Shell
import Testing

@testable import TestMode

/// `test` and `check` as the library call the executable makes: sessions from the product's
/// factory, the terminal's summary, the reports.
@Suite(.timeLimit(.minutes(2)))
struct TestRunTests {
    @Test func aRunWritesItsReportsMaskedAndTheOneItCannotWriteMakesItsStatusARuntimeError() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path + "/a.sdk"
        try AtomicFile.write(Array("echo token {{tok}}\nexpect 1 == 1\n".utf8), to: file)
        var sessions = ShellHarness.sessions()
        sessions.given = [GivenVariable(name: "tok", value: "S3CRET-given", isSecret: true)]
        var run = TestRun(command: "test", sessions: sessions, jobs: 1)
        let junit = directory.path + "/report.xml"
        run.reports = TestReportPaths(junit: junit, json: directory.path + "/missing/report.json")
        let terminal = Output(destination: .memory)
        terminal.secrets.add("S3CRET-given")
        let status = await OwnThread.run { [run] in run.run([file], terminal: terminal, stateDirectory: directory.path) }

        #expect(status == .runtime)
        let xml = try FileReader.readText(junit)
        #expect(xml.contains("<system-out>token ***"))
        #expect(!xml.contains("S3CRET-given"))
        let stderr = terminal.captured().stderr
        #expect(stderr.contains("sdkbench test: ") && stderr.contains("missing/report.json"))
    }

    @Test func aRunWhoseFilesPassAndWhoseReportsAreWrittenHasTheFilesStatus() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let passed = directory.path + "/passed.sdk"
        let failed = directory.path + "/failed.sdk"
        try AtomicFile.write(Array("expect 1 == 1\n".utf8), to: passed)
        try AtomicFile.write(Array("expect 1 == 2\n".utf8), to: failed)
        var run = TestRun(command: "test", sessions: ShellHarness.sessions(), jobs: 2)
        run.reports = TestReportPaths(tap: directory.path + "/report.tap")
        let terminal = Output(destination: .memory)
        let passing = await OwnThread.run { [run] in run.run([passed], terminal: terminal, stateDirectory: directory.path) }
        let failing = await OwnThread.run { [run] in run.run([passed, failed], terminal: terminal, stateDirectory: directory.path) }
        #expect(passing == .success)
        #expect(failing == .expectation)
        let tap = try FileReader.readText(directory.path + "/report.tap")
        #expect(tap.contains("not ok"))
    }
}
