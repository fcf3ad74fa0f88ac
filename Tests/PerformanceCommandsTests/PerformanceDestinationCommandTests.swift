import SDKBenchShellTesting
import SDKBenchTesting
import Testing

/// `perf destination add … --feature/--layer`, `list` and `remove --all`.
struct PerformanceDestinationCommandTests {
    // seed 002 §3 (PerformanceDestination filter) and §1 (removeAllDestinations)
    @Test func filtersChooseWhatEachDestinationPrintsAndRemoveAllEmptiesTheList() {
        let harness = ShellHarness()
        let run = harness.run(
            """
            perf destination add console --feature deposit
            expect last.feature == deposit
            perf destination add console --level minimal --layer api
            perf destination list
            expect last[0].feature == deposit
            expect last[0].layer == null
            expect last[1].layer == api
            perf start deposit web
            perf end deposit web
            perf start login api
            perf end login api
            perf start login web
            perf end login web
            perf destination remove --all
            expect last[1] == 2
            perf destination list
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("1  console (standard)  [only feature deposit]"))
        #expect(lines.contains("2  console (minimal)  [only layer api]"))
        #expect(lines.filter { $0.hasPrefix("[Performance]") } == ["[Performance] deposit.web completed in 0.000s", "[Performance] 0.000s"])
        #expect(lines.last == "(no destinations: timings stay in memory)")
    }

    // seed 002 §1 (removeDestination / removeAllDestinations take one destination or all)
    @Test func removeNeedsAnIDOrAllButNotBoth() {
        let harness = ShellHarness()
        harness.run("perf destination add console")
        let refused = [
            ("perf destination remove", "perf destination remove needs ID or --all"),
            ("perf destination remove 1 --all", "give ID or --all, not more than one"),
        ]
        for (line, message) in refused {
            let result = harness.run(line)
            #expect(result.status == .parse && result.stderr.contains(message), "\(line): \(result.stderr)")
        }
        #expect(harness.run("perf destination remove 1").status == .success)
    }
}
