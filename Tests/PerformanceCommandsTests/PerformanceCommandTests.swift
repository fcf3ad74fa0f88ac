import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Shell
import Testing

struct PerformanceCommandTests {
    static let storedEntry =
        #"{"id":"login_web_1731927483.234","feature":"login","layer":"web","startTime":"2024-11-18T10:58:03.234Z","endTime":"2024-11-18T10:58:04.468Z","duration":1.234,"metadata":{"status":"ok"},"context":{"deviceModel":"Box","iosVersion":"12","appVersion":"0.1.0","buildNumber":"1","networkType":"Ethernet"}}"#

    @Test func exportAllReadsDailyFilesAndReportsLinesItSkipped() {
        let harness = ShellHarness()
        harness.home.write("performance_2024-11-18.json", "{\"entries\":[\n\(Self.storedEntry),\n{\"id\": oops,\n\(Self.storedEntry)\n]}\n")
        let home = harness.home.path
        let result = harness.run("perf export csv \(home)/out.csv --all --dir \(home)")
        #expect(result.status == .success)
        #expect(result.stdout.contains("wrote 2 entries"))
        #expect(result.stderr.contains("skipped 1 line that are not performance entries (first: \(home)/performance_2024-11-18.json:3)"))
        let csv = harness.home.read("out.csv") ?? ""
        #expect(csv.contains("login_web_1731927483.234,login,web,2024-11-18T10:58:03.234Z,2024-11-18T10:58:04.468Z,1.234,status=ok,Box,12\r\n"))
    }

    @Test func unwritableExportIsALocatedRuntimeError() {
        let harness = ShellHarness()
        harness.run("perf start a b\nperf end a b")
        let result = harness.run("perf export csv /nonexistent-dir/x.csv")
        #expect(result.status == .runtime)
        #expect(
            result.stderr.hasPrefix(
                "test.sdk:1:17: error: cannot export to '/nonexistent-dir/x.csv': cannot create /nonexistent-dir/x.csv: No such file or directory"
            )
        )
    }

    @Test func fifoMatchingThroughCommands() {
        let harness = ShellHarness()
        let result = harness.run(
            """
            perf start deposit api n=1
            perf start deposit api n=2
            perf end deposit api
            expect last.metadata.n == "1"
            perf end deposit api
            expect last.metadata.n == "2"
            perf end deposit api
            """
        )
        #expect(result.status == .success)
        #expect(result.stderr.contains("end() called for deposit.api without start()"))
    }
}
