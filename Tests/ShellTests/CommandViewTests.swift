import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Handlers return values; the listeners that show a command's output render it, at its end.
@Suite(.timeLimit(.minutes(1)))
struct CommandViewTests {
    /// A table of one command, `shown`, whose result counts its renderings.
    static func table(_ counter: RenderCounter) -> CommandTable {
        CommandTable(commands: [CommandSpec(["shown"], summary: "A counted line") { _ in CountedLine(counter: counter) }])
    }

    /// Keeps every finished command; asks for no output, shows nothing (as a load device's listener).
    final class Silent: RunListener {
        var finished: [CommandResult] = []
        func commandFinished(_ result: CommandResult, in source: SourceFile) { finished.append(result) }
    }

    /// Keeps every finished command and asks for its output (as `test --verbose` does).
    final class Recording: RunListener {
        var wantsOutput: Bool { true }
        var finished: [CommandResult] = []
        func commandFinished(_ result: CommandResult, in source: SourceFile) { finished.append(result) }
    }

    @Test func aSilentRunNeverRendersWhatACommandReturns() throws {
        let counter = RenderCounter()
        let harness = ShellHarness(table: Self.table(counter))
        let silent = Silent()
        let result = ScriptRunner(session: harness.session, listeners: [silent]).runBlocking(SourceFile(name: "s.sdk", text: "shown\nshown\n"))
        #expect(result.status == .success)
        #expect(counter.count == 0)
        #expect(harness.output.captured().stdout == "")
        // The value is there all the same: `last`, and the outcome listeners get.
        #expect(harness.session.variables.last == .string("value"))
        #expect(silent.finished.map(\.outcome) == [.ok(.string("value")), .ok(.string("value"))])
    }

    @Test func theTerminalRendersACommandOnceAtItsEnd() {
        let counter = RenderCounter()
        let harness = ShellHarness(table: Self.table(counter))
        let run = harness.run("shown\n")
        #expect(run.status == .success)
        #expect(run.stdout == "shown\n")
        #expect(counter.count == 1)
    }

    @Test func aRecordingHoldsWhatTheCommandReturnedRendered() throws {
        let counter = RenderCounter()
        let harness = ShellHarness(table: Self.table(counter))
        let recording = Recording()
        ScriptRunner(session: harness.session, listeners: [recording]).runBlocking(SourceFile(name: "r.sdk", text: "shown\n"))
        #expect(try #require(recording.finished.first).output == "shown\n")
        #expect(counter.count == 1)
    }

    /// A command's lines are its returned value's, not events it emitted: a listener hears no
    /// event from `echo`, `vars` or `status`, and their results render what the terminal shows.
    @Test func standardCommandsReturnWhatTheyShow() throws {
        final class Hearing: RunListener {
            var heard: [ShellEvent] = []
            var finished: [CommandResult] = []
            func emitted(_ shown: any Renderable) { heard += shown.rendered.events }
            func commandFinished(_ result: CommandResult, in source: SourceFile) { finished.append(result) }
        }
        let harness = ShellHarness()
        let listener = Hearing()
        let result = ScriptRunner(session: harness.session, listeners: [listener])
            .runBlocking(SourceFile(name: "r.sdk", text: "set n 3\necho hello {{n}}\nvars\nstatus\n"))
        #expect(result.status == .success)
        #expect(listener.heard.isEmpty, "\(listener.heard)")
        let echo = try #require(listener.finished.first { $0.command == "echo" })
        #expect(echo.shown?.rendered.events == [.line("hello 3")])
        let vars = try #require(listener.finished.first { $0.command == "vars" })
        #expect(vars.shown?.rendered.events.first == .line("n = \"3\""))
        let status = try #require(listener.finished.first { $0.command == "status" })
        let lines = try #require(status.shown?.rendered.events)
        #expect(lines.first == .line("home          \(harness.home.path)/state"))
        #expect(lines.last == .line("trace         off"))
    }

    /// `status` builds its value once; what it shows says the same as `last`.
    @Test func statusShowsWhatItsValueHolds() throws {
        let harness = ShellHarness()
        let run = harness.run("device set model Pixel-8\nstatus\n")
        #expect(run.status == .success, "\(run.stderr)")
        guard case .object(let status) = harness.session.variables.last else {
            Issue.record("status is an object")
            return
        }
        #expect(run.stdout.contains("home          \(status["home"]?.plainText ?? "?")\n"), "\(run.stdout)")
        #expect(run.stdout.contains("backend       \(status["backend"]?.plainText ?? "?")\n"), "\(run.stdout)")
        #expect(run.stdout.contains("device        model Pixel-8\n"), "\(run.stdout)")
        #expect(run.stdout.contains("variables     \(status["variables"]?.plainText ?? "?")\n"), "\(run.stdout)")
    }

    /// A `Value` returned as a command's result is held inline, not boxed: commands that show
    /// nothing (`set`, `expect`) cost no allocation per run for being a `CommandView`.
    @Test func aValueFitsAnExistentialInline() {
        #expect(MemoryLayout<Value>.size <= 3 * MemoryLayout<Int>.size)
    }
}
