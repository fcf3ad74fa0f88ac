import JSON
import Platform
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Shell
import Testing

@testable import TestMode

/// Files run as isolated sessions, in parallel, reported in file order, one test case per expect.
@Suite(.timeLimit(.minutes(3)))
struct TestDriverTests {
    /// A directory of test files, and a driver whose sessions are the shell tests' (a manual clock,
    /// memory output).
    final class Fixture {
        let directory = TemporaryDirectory()
        let work = TemporaryDirectory()

        func write(_ name: String, _ text: String) -> String {
            let path = directory.path + "/" + name
            try! AtomicFile.write(Array(text.utf8), to: path)
            return path
        }

        func run(
            _ files: [String],
            jobs: Int = 2,
            failFast: Bool = false,
            timeout: Duration? = nil,
            retries: Int = 0,
            clock: @escaping @Sendable () -> any WallClock = { ManualClock(sleepsPassAtOnce: true) }
        ) async -> TestRunReport {
            let driver = TestDriver(jobs: jobs, failFast: failFast, timeout: timeout, retries: retries, retryInterval: .milliseconds(1)) {
                home,
                loop in
                ShellHarness.sessions(clock: clock()).make(home: home, output: Output(destination: .memory)) { $0.run(on: loop) }
            }
            let work = work.path
            return await OwnThread.run { driver.run(files, workDirectory: work) { _ in } }
        }

        deinit {
            directory.remove()
            work.remove()
        }
    }

    @Test func eachFileEndsPassedFailedErrorOrBrokenAndTheWorstIsTheStatus() async {
        let fixture = Fixture()
        let passed = fixture.write("a-passed.sdk", "# test: one is one\nexpect 1 == 1\nexpect \"a\" == \"a\"\n")
        let failed = fixture.write("b-failed.sdk", "expect 1 == 1\nexpect 2 == 3\necho after\n")
        let error = fixture.write("c-error.sdk", "expect 1 == 1\nsource missing-file.sdk\nexpect 1 == 1\n")
        let broken = fixture.write("d-broken.sdk", "expect 1 == 1\nbogus command here\n")
        let all = await fixture.run([passed, failed, error, broken])
        #expect(all.files.map(\.file) == [passed, failed, error, broken])
        #expect(all.files.map(\.status) == [.passed, .failed, .error, .broken])
        #expect(all.status == .broken && all.status.exitStatus == .parse)
        #expect(await fixture.run([passed, failed, error]).status.exitStatus == .runtime)
        #expect(await fixture.run([passed, failed]).status.exitStatus == .expectation)
        #expect(await fixture.run([passed]).status.exitStatus == .success)
        #expect(all.files[3].checkErrors == ["\(broken):2:1: unknown command 'bogus'"], "\(all.files[3].checkErrors)")
        #expect(all.files[3].testCases.isEmpty, "nothing of a broken file runs")
    }

    @Test func aTestCasePerExpectNamedByTheCommentBeforeIt() async throws {
        let fixture = Fixture()
        let file = fixture.write(
            "cases.sdk",
            "# test: one is one\nexpect 1 == 1\nset n 2 --json\n\n  #  test:   n is three  \nexpect n == 3\nexpect n == 2\n"
        )
        let report = await fixture.run([file], jobs: 1)
        let cases = try #require(report.files.first?.testCases)
        #expect(cases.map(\.name) == ["one is one", "n is three", "expect n == 2"])
        #expect(cases.map(\.line) == [2, 6, 7])
        #expect(cases[1].outcome == .failed(message: cases[1].failureMessage!, actual: "2", expected: "3"))
        #expect(cases[0].outcome == .passed && cases[2].outcome == .passed)
        #expect(report.files[0].status == .failed, "a failed expect does not stop the file: the next one ran")
    }

    /// A case that did not hold carries the exchanges since the case before it, rendered as the
    /// trace shows them; one that held carries none, and the report keeps no others.
    @Test func aFailedCaseCarriesTheExchangesSinceTheCaseBeforeIt() async throws {
        let fixture = Fixture()
        let get = "http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]=reader MiataruGetLocation[0][Device]="
        let file = fixture.write(
            "evidence.sdk",
            "configure host local\n\(get)first\nexpect last.status == 200\n\(get)second\n\(get)third\nexpect last.json.MiataruLocation[0].Latitude == 1\n"
        )
        let report = await fixture.run([file], jobs: 1)
        let cases = try #require(report.files.first?.testCases)
        #expect(cases.count == 2)
        #expect(cases.first?.evidence.isEmpty == true)
        let evidence = try #require(cases.last?.evidence)
        #expect(evidence.count == 2, "\(evidence)")
        #expect(evidence.first?.contains(#""Device":"second""#) == true, "\(evidence)")
        #expect(evidence.last?.contains(#""Device":"third""#) == true && evidence.last?.contains("HTTP/1.1 200") == true, "\(evidence)")
        #expect(!evidence.joined().contains(#""Device":"first""#))
        #expect(report.files.first?.exchanges.isEmpty == true, "only check keeps every exchange")
    }

    /// The command whose error ended a file is a test case of its own, an error.
    @Test func theCommandThatFailedIsAnErrorCase() async throws {
        let fixture = Fixture()
        let file = fixture.write("err.sdk", "expect 1 == 1\nsource nowhere.sdk\n")
        let report = await fixture.run([file], jobs: 1)
        let cases = try #require(report.files.first?.testCases)
        #expect(cases.count == 2)
        guard case .error(let message) = cases[1].outcome else {
            Issue.record("expected an error case, got \(cases[1].outcome)")
            return
        }
        #expect(message.contains("nowhere.sdk"), "\(message)")
        #expect(cases[1].line == 2)
    }

    /// Files with the same variables, Hamon user, Miataru device and key and perf features, two
    /// at a time, never see each other's state, round after round (a race shows up in some).
    @Test func filesRunInParallelNeverShareState() async {
        let fixture = Fixture()
        var files: [String] = []
        for index in 1...8 {
            files.append(
                fixture.write(
                    "iso-\(index).sdk",
                    """
                    set shared file-\(index)
                    user same-user
                    log tap n:=\(index)
                    queue
                    expect last.count == 1
                    expect last.events[0].parameters.n == \(index)
                    flush
                    perf start feature layer
                    perf end feature layer
                    perf logs
                    expect last[0].feature == feature
                    miataru device 7b8ff6f4-0000-4000-8000-000000000001
                    miataru key set --generate
                    miataru location update \(index) 13 --history
                    miataru history 7b8ff6f4-0000-4000-8000-000000000001
                    expect last.available == 1
                    expect last.locations[0].Latitude == \(index)
                    expect shared == "file-\(index)"
                    """
                )
            )
        }
        for round in 1...6 {
            let report = await fixture.run(files, jobs: 2)
            #expect(report.files.map(\.status) == Array(repeating: .passed, count: 8), "round \(round): \(report.files.map(\.stderr))")
            #expect(report.assertions.count == 8 * 6, "round \(round)")
            // Each file says once that its events go to its own embedded backend, and nothing else.
            #expect(
                report.files.allSatisfy {
                    $0.stderr.ranges(of: "warning:").count == 1 && $0.stderr.contains("warning: [Hamon] no 'configure host' yet")
                },
                "round \(round): \(report.files.map(\.stderr))"
            )
        }
    }

    /// A test file's state is removed with it: what it could not deliver is not "kept for the
    /// next run".
    @Test func undeliveredEventsAreSaidToBeDroppedWithTheFile() async throws {
        let fixture = Fixture()
        let file = fixture.write("down.sdk", "user u\nconfigure host http://127.0.0.1:9\nlog tap\n")
        let report = await fixture.run([file], jobs: 1)
        let stderr = try #require(report.files.first?.stderr)
        #expect(stderr.contains("1 event dropped with this session's state"), "\(stderr)")
        #expect(!stderr.contains("next run"), "\(stderr)")
    }

    @Test func failFastStartsNoMoreFilesOnceOneDidNotPass() async {
        let fixture = Fixture()
        let failed = fixture.write("1.sdk", "expect 1 == 2\n")
        let others = (2...5).map { fixture.write("\($0).sdk", "expect 1 == 1\n") }
        let report = await fixture.run([failed] + others, jobs: 1, failFast: true)
        #expect(report.files.count == 1 && report.notRun == 4)
        #expect(report.status == .failed)
    }
}

extension TestDriverTests {
    /// A file past its timeout stops where it was (here, in a sleep) and is an error saying so;
    /// the next file runs.
    @Test func aFilePastItsTimeoutIsAnErrorAndTheRunGoesOn() async throws {
        let fixture = Fixture()
        let slow = fixture.write("slow.sdk", "expect 1 == 1\nsleep 1h\nexpect 1 == 1\n")
        let next = fixture.write("next.sdk", "expect 1 == 1\n")
        let report = await fixture.run([slow, next], jobs: 1, timeout: .milliseconds(200))
        #expect(report.files.map(\.status) == [.error, .passed])
        let cases = try #require(report.files.first?.testCases)
        #expect(cases.count == 2 && cases[1].outcome == .error(message: "timed out after 0.200 s") && cases[1].line == 2, "\(cases)")
        #expect(report.files[0].duration < .seconds(30))
    }

    /// A failing file runs again up to --retry times, each try in a fresh session; a broken one never does.
    @Test func retriesRunAFailingFileAgainInAFreshSession() async {
        let fixture = Fixture()
        // Fails on every try: the fresh session never has the variable an earlier try set.
        let failing = fixture.write("flaky.sdk", "expect 1 == 1\nexpect tried == null\nset tried yes\nexpect 1 == 2\n")
        let broken = fixture.write("broken.sdk", "bogus\n")
        let report = await fixture.run([failing, broken], jobs: 1, retries: 2)
        #expect(report.files[0].tries.map(\.status) == [.failed, .failed, .failed])
        #expect(report.files[0].testCases.filter { $0.outcome == .passed }.count == 1, "\(report.files[0].testCases)")
        #expect(report.files[1].tries.isEmpty && report.files[1].status == .broken)
    }
}

extension TestCase {
    var failureMessage: String? {
        if case .failed(let message, _, _) = outcome { return message }
        return nil
    }
}
