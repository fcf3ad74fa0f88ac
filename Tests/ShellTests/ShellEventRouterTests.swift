import Hamon
import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Synchronization
import Testing

@testable import Shell

/// What commands and engines show is routed to the run's listeners; the terminal is one of them.
@Suite(.timeLimit(.minutes(1)))
struct ShellEventRouterTests {
    /// Keeps what every notice renders, and every finished command.
    final class EventListener: RunListener {
        var wantsOutput: Bool { true }
        var events: [ShellEvent] = []
        var finished: [CommandResult] = []
        func emitted(_ shown: any Renderable) { events += shown.rendered.events }
        func commandFinished(_ result: CommandResult, in source: SourceFile) { finished.append(result) }
    }

    /// A run without the terminal listener is silent, an engine's notices included: Hamon's
    /// "retrying once" comes from the flush's own task, yet reaches the listener of `flush`.
    @Test func aRunWithoutTheTerminalShowsNothingAndItsListenerHearsTheEngine() async throws {
        let harness = ShellHarness()
        let setup = await harness.execute("user u1\nbackend fault hamon 503\n")
        #expect(setup.status == .success, "\(setup.stderr)")
        let before = harness.output.captured()
        let (status, events, finished) = await OwnThread.run {
            let listener = EventListener()
            let result = ScriptRunner(session: harness.session, listeners: [listener]).runBlocking(
                SourceFile(name: "silent.sdk", text: "log tap\nflush\nqueue\n")
            )
            return (result.status, listener.events, listener.finished)
        }
        #expect(status == .success)
        let after = harness.output.captured()
        #expect(after.stdout == before.stdout, "the terminal showed: \(after.stdout.dropFirst(before.stdout.count))")
        #expect(after.stderr == before.stderr)
        let flush = try #require(finished.first { $0.command == "hamon flush" })
        #expect(flush.output.contains("[Hamon] HTTP 503 from the server; retrying once in 2 s\n"), "\(flush.output)")
        #expect(flush.output.contains("sent 1 event in 1 request"), "\(flush.output)")
        #expect(events.contains(.line("[Hamon] HTTP 503 from the server; retrying once in 2 s")), "\(events)")
        let queue = try #require(finished.first { $0.command == "hamon queue" })
        #expect(queue.shown?.rendered.events == [.line("0 events queued")])
        await harness.close()
    }

    /// The same script through the terminal listener shows the same text.
    @Test func theTerminalListenerWritesWhatTheEventsSay() async {
        let harness = ShellHarness()
        let run = await harness.execute("user u1\nbackend fault hamon 503\nlog tap\nflush\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("[Hamon] HTTP 503 from the server; retrying once in 2 s\nsent 1 event in 1 request"), "\(run.stdout)")
        await harness.close()
    }

    /// A secret shown by `--reveal` is in clear on the terminal only: a recording masks it.
    @Test func aRecordingMasksWhatTheTerminalReveals() {
        let harness = ShellHarness()
        let listener = EventListener()
        let text = "set token --secret S3CRET-TOKEN-VALUE\necho {{token}} --reveal\n"
        let result = ScriptRunner(session: harness.session, listeners: [listener]).runBlocking(SourceFile(name: "r.sdk", text: text))
        #expect(result.status == .success)
        #expect(listener.finished.last?.shown?.rendered.events == [.revealedLine("S3CRET-TOKEN-VALUE")])
        #expect(listener.finished.last?.output == "***\n")
    }

    /// A notice nobody shows (listeners that show nothing, no recording) is never rendered: a
    /// silent load session does not format what it would show.
    @Test func noticesNobodyShowsAreNeverRendered() {
        final class Silent: RunListener {}
        let counter = RenderCounter()
        let router = ShellEventRouter(secrets: SecretValues(), background: { _ in Issue.record("no command ran") })
        router.commandStarted(listeners: [Silent()], recording: false)
        router.emit(CountedLine(counter: counter))
        #expect(router.commandEnded() == "")
        #expect(counter.count == 0)
        let hearing = EventListener()
        router.commandStarted(listeners: [Silent(), hearing], recording: false)
        router.emit(CountedLine(counter: counter))
        _ = router.commandEnded()
        #expect(counter.count == 1 && hearing.events == [.line("shown")])
        router.commandStarted(listeners: [Silent()], recording: true)
        router.emit(CountedLine(counter: counter))
        #expect(router.commandEnded() == "shown\n")
        #expect(counter.count == 2)
    }

    /// An engine's error reaches listeners as the engine threw it, with the terminal's wording.
    @Test func anEngineErrorStaysTyped() throws {
        let harness = ShellHarness()
        let listener = EventListener()
        let result = ScriptRunner(session: harness.session, listeners: [listener]).runBlocking(
            SourceFile(name: "r.sdk", text: "hamon decrypt not-base64!\n")
        )
        #expect(result.status == .runtime)
        let error = try #require(listener.finished.last?.outcome.error)
        guard case .engine(let failure) = error.kind else {
            Issue.record("expected an engine failure, got \(error.kind)")
            return
        }
        #expect(failure.underlying is HamonCipherError)
        #expect(error.message.hasPrefix("cannot decrypt: "))
        #expect(error.range?.start.column == 15, "located at the payload")
    }
}

/// Counts how often `CountedLine` is rendered (from whichever thread renders it).
final class RenderCounter: Sendable {
    private let made = Mutex(0)
    var count: Int { made.withLock { $0 } }
    func add() { made.withLock { $0 += 1 } }
}

/// A line that counts its renderings, and a command's result holding one.
struct CountedLine: CommandView {
    let counter: RenderCounter
    var value: Value { .string("value") }
    func render(into lines: inout TerminalLines) {
        counter.add()
        lines.line("shown")
    }
}
