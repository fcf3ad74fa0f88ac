import Synchronization

/// Where a session's `ShellEvent`s go: to the listeners of the command that runs, or, between
/// commands, to the background sink (the terminal, unless the session was given another).
///
/// Engines emit from their own tasks while a command runs (a flush's retry notice, the 10-second
/// timer's warning), so the router takes events from any thread and hands them to listeners one
/// at a time under its lock; the runner tells listeners about commands under the same lock
/// (`notify`), so a listener is never entered from two threads at once.
package final class ShellEventRouter: @unchecked Sendable {
    // @unchecked: `state` holds the run's listeners, which are not Sendable; it is only
    // touched under `lock`.
    private struct Route {
        var listeners: [any RunListener]
        /// Whether any of them hears events: when none does, nor a recording, an event is not
        /// even made (its text not formatted), as in a silent load session.
        var hears: Bool
    }

    private struct State {
        /// The listeners of each command running, innermost (a sourced file's) last.
        var routes: [Route] = []
        /// What each running command showed, for `CommandResult.output`; `nil` where nobody asked.
        var recordings: [[UInt8]?] = []
    }

    private let lock = Mutex(())
    private var state = State()
    private let background: @Sendable (ShellEvent) -> Void
    /// Every secret value seen so far: recordings and the terminal mask them.
    package let secrets: SecretValues

    /// - Parameter background: where events go while no command runs.
    package init(secrets: SecretValues, background: @escaping @Sendable (ShellEvent) -> Void) {
        self.secrets = secrets
        self.background = background
    }

    /// Shows `event`: to the running command's listeners, else to the background sink. The
    /// event is made only when someone takes it.
    package func emit(_ event: @autoclosure () -> ShellEvent) {
        let delivered = lock.withLock { _ -> Bool in
            guard let route = state.routes.last else { return false }
            let innermost = state.recordings.count - 1
            let recording = state.recordings[innermost] != nil
            guard route.hears || recording else { return true }
            let made = event()
            if recording { record(made, into: &state.recordings[innermost]!) }
            for listener in route.listeners { listener.emitted(made) }
            return true
        }
        if !delivered { background(event()) }
    }

    /// Calls `body` with listeners serialised against events from other threads.
    package func notify(_ body: () -> Void) {
        lock.withLock { _ in body() }
    }

    /// A command starts: its events go to `listeners` (and into a recording, when `recording`)
    /// until the matching `commandEnded`.
    package func commandStarted(listeners: [any RunListener], recording: Bool) {
        lock.withLock { _ in
            state.routes.append(Route(listeners: listeners, hears: listeners.contains { $0.hearsEvents }))
            state.recordings.append(recording ? [] : nil)
        }
    }

    /// The command is over: what it showed, secrets masked, when it was recording. A command
    /// that ran inside another (a sourced file's, inside `source`) is part of the outer one's.
    package func commandEnded() -> String {
        lock.withLock { _ in
            state.routes.removeLast()
            let recorded = state.recordings.removeLast() ?? []
            if let outer = state.recordings.indices.last, state.recordings[outer] != nil {
                state.recordings[outer]!.append(contentsOf: recorded)
            }
            return String(decoding: recorded, as: UTF8.self)
        }
    }

    private func record(_ event: ShellEvent, into recording: inout [UInt8]) {
        switch event {
        case .text(let text), .diagnostic(let text): recording.append(contentsOf: secrets.masked(text).utf8)
        case .line(let text), .revealedLine(let text):
            recording.append(contentsOf: secrets.masked(text).utf8)
            recording.append(UInt8(ascii: "\n"))
        case .warning(let message): recording.append(contentsOf: secrets.masked("warning: \(message)\n").utf8)
        case .flush: break
        }
    }
}

extension ShellEventRouter {
    // The texts are autoclosures: nobody listening, they are never formatted.

    /// Shows a line of standard output.
    package func line(_ text: @autoclosure () -> String) { emit(.line(text())) }
    /// Shows text on standard output as given.
    package func write(_ text: @autoclosure () -> String) { emit(.text(text())) }
    /// Shows a line with its secrets in clear (`--reveal`).
    package func revealedLine(_ text: @autoclosure () -> String) { emit(.revealedLine(text())) }
    /// Shows a warning located at the running command.
    package func warn(_ message: @autoclosure () -> String) { emit(.warning(message())) }
    /// Shows text on standard error as given.
    package func writeError(_ text: @autoclosure () -> String) { emit(.diagnostic(text())) }
    /// Makes what was shown so far reach the reader before a pause or a direct write.
    package func flush() { emit(.flush) }
}
