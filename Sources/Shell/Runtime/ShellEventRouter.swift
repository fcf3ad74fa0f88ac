import Synchronization

/// Where a session's notices go: to the listeners of the command that runs, or, between
/// commands, to the background sink (the terminal, unless the session was given another).
///
/// Engines emit from their own tasks while a command runs (a flush's retry notice, the 10-second
/// timer's warning), so the router takes notices from any thread and hands them to listeners
/// one at a time under its lock; the runner tells listeners about commands under the same lock
/// (`notify`), so a listener is never entered from two threads at once. What is emitted is a
/// value (`Renderable`); only a listener that shows it, or a recording, renders it.
package final class ShellEventRouter: @unchecked Sendable {
    // @unchecked: `state` holds the run's listeners, which are not Sendable; it is only
    // touched under `lock`.
    private struct State {
        /// The listeners of each command running, innermost (a sourced file's) last.
        var routes: [[any RunListener]] = []
        /// What each running command showed, for `CommandResult.output`; `nil` where nobody asked.
        var recordings: [[UInt8]?] = []
    }

    private let lock = Mutex(())
    private var state = State()
    private let background: @Sendable (any Renderable) -> Void
    /// Every secret value seen so far: recordings and the terminal mask them.
    package let secrets: SecretValues

    /// - Parameter background: where notices go while no command runs.
    package init(secrets: SecretValues, background: @escaping @Sendable (any Renderable) -> Void) {
        self.secrets = secrets
        self.background = background
    }

    /// Shows `shown`: to the running command's listeners (and its recording), else to the background sink.
    package func emit(_ shown: some Renderable) {
        let delivered = lock.withLock { _ -> Bool in
            guard let listeners = state.routes.last else { return false }
            let innermost = state.recordings.count - 1
            if state.recordings[innermost] != nil { record(shown, into: &state.recordings[innermost]!) }
            let boxed: any Renderable = shown
            for listener in listeners { listener.emitted(boxed) }
            return true
        }
        if !delivered { background(shown) }
    }

    /// Calls `body` with listeners serialised against events from other threads.
    package func notify(_ body: () -> Void) {
        lock.withLock { _ in body() }
    }

    /// A command starts: its notices go to `listeners` (and into a recording, when `recording`)
    /// until the matching `commandEnded`.
    package func commandStarted(listeners: [any RunListener], recording: Bool) {
        lock.withLock { _ in
            state.routes.append(listeners)
            state.recordings.append(recording ? [] : nil)
        }
    }

    /// The command is over: what it showed, secrets masked, when it was recording — its notices,
    /// then what it returned (`shown`) rendered, in the order the terminal shows them. A command
    /// that ran inside another (a sourced file's, inside `source`) is part of the outer one's.
    package func commandEnded(shown: (any CommandView)? = nil) -> String {
        lock.withLock { _ in
            state.routes.removeLast()
            var recorded = state.recordings.removeLast()
            if recorded != nil, let shown { record(shown, into: &recorded!) }
            let recording = recorded ?? []
            if let outer = state.recordings.indices.last, state.recordings[outer] != nil {
                state.recordings[outer]!.append(contentsOf: recording)
            }
            return String(decoding: recording, as: UTF8.self)
        }
    }

    private func record(_ shown: some Renderable, into recording: inout [UInt8]) {
        for event in shown.rendered.events {
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
}

extension ShellEventRouter {
    // Text made here is made whether anyone listens or not: for what is rare (a backend
    // starting, a notice at start-up). What an engine says often emits its notice as a value.

    /// Shows a line of standard output.
    package func line(_ text: String) { emit(ShellEvent.line(text)) }
    /// Shows text on standard output as given.
    package func write(_ text: String) { emit(ShellEvent.text(text)) }
    /// Shows a warning located at the running command.
    package func warn(_ message: String) { emit(ShellEvent.warning(message)) }
    /// Shows text on standard error as given.
    package func writeError(_ text: String) { emit(ShellEvent.diagnostic(text)) }
    /// Makes what was shown so far reach the reader before a pause or a direct write.
    package func flush() { emit(ShellEvent.flush) }
}
