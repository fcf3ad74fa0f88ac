import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// The runner reports each command as a value to its listeners; the terminal is one of them.
@Suite(.timeLimit(.minutes(1)))
struct RunResultTests {
    /// Keeps everything it is told.
    final class RecordingListener: RunListener {
        var wantsOutput: Bool { true }
        var started: [Statement] = []
        var finished: [CommandResult] = []
        var checkErrors: [ShellError] = []
        var results: [RunResult] = []

        func checkFailed(_ errors: [ShellError], more: Int, in source: SourceFile) { checkErrors += errors }
        func commandStarting(_ statement: Statement, in source: SourceFile) { started.append(statement) }
        func commandFinished(_ result: CommandResult, in source: SourceFile) { finished.append(result) }
        func runFinished(_ result: RunResult, in source: SourceFile) { results.append(result) }
    }

    @Test func eachCommandIsReportedWithItsRangeOutcomeAndOutput() throws {
        let harness = ShellHarness()
        let listener = RecordingListener()
        let runner = ScriptRunner(session: harness.session, listeners: [listener])
        let text = "set n 3\necho hello {{n}}\nexpect n == 4\nexpect n < true\nsleep 1ms\n"
        let result = runner.runBlocking(SourceFile(name: "r.sdk", text: text), options: RunOptions(keepGoing: true))

        #expect(result.status == .expectation)
        #expect(result.commandCount == 5)
        #expect(listener.started.count == 5)
        #expect(listener.finished.map(\.command) == ["set", "echo", "expect", "expect", "sleep"])
        #expect(listener.finished.map(\.range.start.line) == [1, 2, 3, 4, 5])
        #expect(listener.finished[1].output == "hello 3\n")
        #expect(listener.finished.map(\.outcome.passed) == [true, true, false, false, true])

        let failed = try #require(listener.finished[2].outcome.error)
        guard case .expectationFailed(let failure, _) = listener.finished[2].outcome else {
            Issue.record("expected an expectation failure, got \(listener.finished[2].outcome)")
            return
        }
        #expect(failure.expression == "n == 4")
        #expect(failure.actual == .string("3"))
        #expect(failure.expected == .int(4))
        #expect(failed.status == .expectation)
        #expect(listener.finished[2].output.isEmpty, "a listener's output is not the terminal's rendering")
        #expect(result.failures.map(\.range.start.line) == [3, 4])
        #expect(listener.finished.allSatisfy { $0.duration >= .zero })
        #expect(listener.finished[4].duration >= .milliseconds(1))
        #expect(listener.results.count == 1)
        // With its own listeners the runner renders nothing itself.
        #expect(harness.output.captured().stderr.isEmpty)
    }

    /// Load mode checks and parses a script once for every device: run from a `CheckedScript`,
    /// a script does what its source does, as many times as it is run, and a script that does
    /// not check is refused as `run` refuses it, with the check's errors.
    @Test func aCheckedScriptRunsAsItsSourceRuns() {
        let text = "set n 0\nrepeat 2\n  set n {{i}}\nend\nexpect n == 2\nset token --secret s3cr3t-value\necho {{token}}\n"
        let harness = ShellHarness()
        let script = CheckedScript(SourceFile(name: "c.sdk", text: text), table: harness.session.table)
        for round in 1...2 {
            let listener = RecordingListener()
            let result = ScriptRunner(session: harness.session, listeners: [listener])
                .runBlocking(script, options: RunOptions(checksFirst: round == 1))
            #expect(result.status == .success, "round \(round): \(result.failures)")
            #expect(listener.finished.map(\.command) == ["set", "set", "set", "repeat", "expect", "set", "echo"], "round \(round)")
            #expect(listener.finished.last?.output == "***\n", "round \(round)")
        }

        let broken = CheckedScript(SourceFile(name: "b.sdk", text: "set n 1\nbogus 2\nexpect n == 1\n"), table: harness.session.table)
        let listener = RecordingListener()
        let result = ScriptRunner(session: harness.session, listeners: [listener]).runBlocking(broken)
        #expect(result.status == .parse)
        #expect(listener.started.isEmpty, "nothing of a script that does not check runs")
        #expect(listener.checkErrors.map(\.message) == ["unknown command 'bogus'"])
        #expect(result.checkErrors.map(\.range?.start.line) == [2])
    }

    @Test func aRuntimeErrorStopsTheRunUnlessKeepGoing() {
        let harness = ShellHarness()
        let listener = RecordingListener()
        let runner = ScriptRunner(session: harness.session, listeners: [listener])
        let result = runner.runBlocking(SourceFile(name: "r.sdk", text: "echo a\nsource missing-file.sdk\necho b\n"))
        #expect(result.status == .runtime)
        #expect(listener.finished.map(\.command) == ["echo", "source"])
        guard case .error(let error) = listener.finished[1].outcome else {
            Issue.record("expected a runtime error, got \(listener.finished[1].outcome)")
            return
        }
        #expect(error.message.contains("missing-file.sdk"))
        #expect(result.failures.count == 1)
    }

    @Test func aScriptThatFailsItsCheckRunsNothingAndSaysWhy() {
        let harness = ShellHarness()
        let listener = RecordingListener()
        let runner = ScriptRunner(session: harness.session, listeners: [listener])
        let result = runner.runBlocking(SourceFile(name: "r.sdk", text: "echo a\nprf start x y\n"))
        #expect(result.status == .parse)
        #expect(result.commandCount == 0)
        #expect(listener.finished.isEmpty)
        #expect(listener.checkErrors.map(\.range?.start.line) == [2])
        #expect(result.checkErrors == listener.checkErrors)
        #expect(harness.output.captured().stdout.isEmpty)
    }

    @Test func theTerminalListenerRendersWhatTheRunnerUsedTo() {
        let harness = ShellHarness()
        let run = harness.run("expect 1 == 2\n")
        #expect(run.status == .expectation)
        #expect(run.stderr.contains("expect failed: 1 == 2: actual 1 (number)"), "\(run.stderr)")
        #expect(run.stderr.contains("test.sdk:1:1"), "\(run.stderr)")
    }

    /// Test mode will run files side by side in one process: each session has its own home,
    /// its own embedded backend and its own engines, and neither sees the other's events.
    @Test(.timeLimit(.minutes(1))) func twoSessionsRunSideBySideEachWithItsOwnBackend() async {
        let first = ShellHarness()
        let second = ShellHarness()
        func script(_ user: String, _ count: Int) -> String {
            var text = "user \(user)\n"
            for index in 1...count { text += "log tap n:=\(index)\nperf start f\(index) ui\nperf end f\(index) ui\n" }
            return text + "flush\nbackend received hamon\nexpect last.count == \(count)\n"
        }
        async let a = first.execute(script("first-user", 30))
        async let b = second.execute(script("second-user", 20))
        let (runA, runB) = await (a, b)
        #expect(runA.status == .success, "\(runA.stderr)")
        #expect(runB.status == .success, "\(runB.stderr)")
        let usersA = Set(hamonEvents(first.session.variables.last).compactMap { $0["user"]?.plainText })
        let usersB = Set(hamonEvents(second.session.variables.last).compactMap { $0["user"]?.plainText })
        #expect(usersA == ["first-user"])
        #expect(usersB == ["second-user"])
        let statusA = await first.execute("status\nexpect last.perf.cached == 30\n")
        let statusB = await second.execute("status\nexpect last.perf.cached == 20\n")
        #expect(statusA.status == .success, "\(statusA.stderr)")
        #expect(statusB.status == .success, "\(statusB.stderr)")
        #expect(statusA.stdout.contains(first.home.path) && !statusA.stdout.contains(second.home.path))
        await first.close()
        await second.close()
    }

    /// `source` hands its file to the run's own listeners: a report hears the sourced file's
    /// commands under its name, and the `source` command's output holds what they printed.
    @Test func listenersHearASourcedFilesCommands() throws {
        final class SourceNames: RunListener {
            var names: [String] = []
            func commandFinished(_ result: CommandResult, in source: SourceFile) { names.append(source.name + ":" + result.command) }
        }
        let harness = ShellHarness()
        let inner = harness.home.write("inner.sdk", "echo from inner\nset x 2\n")
        let listener = RecordingListener()
        let names = SourceNames()
        let runner = ScriptRunner(session: harness.session, listeners: [listener, names])
        let result = runner.runBlocking(SourceFile(name: "outer.sdk", text: "echo before\nsource \(inner)\necho after\n"))
        #expect(result.status == .success)
        #expect(names.names == ["outer.sdk:echo", "\(inner):echo", "\(inner):set", "outer.sdk:source", "outer.sdk:echo"])
        #expect(listener.results.map(\.commandCount) == [2, 3])
        let source = try #require(listener.finished.first { $0.command == "source" })
        #expect(source.output == "from inner\n")
        #expect(listener.finished.last?.output == "after\n")
    }

    /// `--echo` prints a sourced file's lines too, as a shell's `set -x` does.
    @Test func echoShowsASourcedFilesLines() {
        let harness = ShellHarness()
        let inner = harness.home.write("inner.sdk", "echo from inner\n")
        let run = harness.run("source \(inner)\n", options: RunOptions(echo: true))
        #expect(run.stdout == "source \(inner)\necho from inner\nfrom inner\n", "\(run.stdout)")
    }

    /// The events of a `flush` result (`last.events`).
    private func hamonEvents(_ value: Value) -> [JSONObject] {
        guard case .object(let object) = value, case .array(let items)? = object["events"] else { return [] }
        return items.compactMap { if case .object(let event) = $0 { event } else { nil } }
    }
}
