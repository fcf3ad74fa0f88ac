import Platform
import SDKBenchTesting
import Testing

@testable import TestMode

/// The four reports of one run over a passing, a failing, an erroring and a broken file, as
/// goldens (the failing and erroring files tried twice, a repeat block timing with perf in the passing one): paths made relative and times fixed, so the bytes are the same on every run.
@Suite(.timeLimit(.minutes(1)))
struct ReportGoldenTests {
    static let directory = Golden.directory(of: #filePath) + "/Golden"

    private static func run() async -> TestRunReport {
        let fixture = TestDriverTests.Fixture()
        let files = [
            fixture.write(
                "pass.sdk",
                "# test: arithmetic holds\nexpect 2 == 2\nset name \"R&D <team>\"\nexpect name == \"R&D <team>\"\nrepeat 2\n  expect {{i}} > 0\n  perf start login api\n  perf end login api\nend\n"
            ),
            fixture.write("fail.sdk", "echo checking # the count\nexpect 2 == 3\nexpect \"a\" == \"a\"\n"),
            fixture.write("error.sdk", "expect 1 == 1\nsource nowhere.sdk\n"),
            fixture.write("broken.sdk", "expect 1 == 1\nperf strat x y\n"),
        ]
        return normalised(
            await fixture.run(files, jobs: 2, retries: 1, clock: { SteppingClock(start: 1_731_927_483, step: 0.0125) }),
            prefix: fixture.directory.path + "/"
        )
    }

    /// Paths relative to the fixture directory; every duration 12 ms (a file), 1 ms (a case), 50 ms (the run).
    private static func normalised(_ run: TestRunReport, prefix: String) -> TestRunReport {
        func relative(_ text: String) -> String { text.replacing(prefix, with: "checks/") }
        var run = run
        run.duration = .milliseconds(50)
        for index in run.files.indices {
            run.files[index].file = relative(run.files[index].file)
            run.files[index].duration = .milliseconds(12)
            for tryIndex in run.files[index].tries.indices { run.files[index].tries[tryIndex].duration = .milliseconds(12) }
            run.files[index].stdout = relative(run.files[index].stdout)
            run.files[index].stderr = relative(run.files[index].stderr)
            run.files[index].checkErrors = run.files[index].checkErrors.map(relative)
            for caseIndex in run.files[index].testCases.indices {
                run.files[index].testCases[caseIndex].file = relative(run.files[index].testCases[caseIndex].file)
                run.files[index].testCases[caseIndex].duration = .milliseconds(1)
                if case .error(let message) = run.files[index].testCases[caseIndex].outcome {
                    run.files[index].testCases[caseIndex].outcome = .error(message: relative(message))
                }
            }
        }
        return run
    }

    @Test func theFourReports() async {
        let run = await Self.run()
        for (name, text) in [
            ("report.xml", JUnitReportGenerator.generate(run)), ("report.tap", TAPReportGenerator.generate(run)),
            ("report.json", JSONReportGenerator.generate(run)), ("report.html", HTMLReportGenerator.generate(run)),
        ] {
            if let mismatch = Golden.mismatch(text, file: name, directory: Self.directory) { Issue.record("\(mismatch)") }
        }
    }
}
