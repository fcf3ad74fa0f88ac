import Script
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the shell writes: buffered standard output and error, or memory for tests.
///
/// Engines report from a background ticker too, so every write takes a lock; stdout is buffered
/// (a million-line script must not make a million syscalls) and flushed before stderr so the
/// two streams stay in order on a terminal.
package final class Output: Sendable {
    package enum Destination: Sendable {
        case standardStreams
        /// What is shown on standard output goes to standard error too: standard output
        /// carries a report (`--report-junit -`) that a reader must be able to parse.
        case standardErrorOnly
        case memory
        /// Nothing is kept: a load device's session runs its script thousands of times.
        case discard
    }

    private struct State {
        var stdout: [UInt8] = []
        var capturedStdout: [UInt8] = []
        var capturedStderr: [UInt8] = []
        var location: (SourceFile, SourceRange)?
        /// How the run got to the line running now, innermost last.
        var notes: [Note] = []
    }

    /// How the run got to a line, told under an error there: `in file included from main.sdk:3`,
    /// `in iteration 2 of 5 of the repeat at main.sdk:7`. Kept as parts and written only for an
    /// error: a load device enters thousands of iterations, and each one's text would be made
    /// for nothing (the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    enum Note: Sendable {
        case included(from: String)
        case iteration(Int, of: Int, repeatAt: String)

        var text: String {
            switch self {
            case .included(let place): "in file included from \(place)"
            case .iteration(let iteration, let count, let place): "in iteration \(iteration) of \(count) of the repeat at \(place)"
            }
        }
    }

    private let state = Mutex(State())
    /// Where standard error goes instead while the REPL's prompt shows (see `divertErrors`).
    private let errorDiversion = Mutex<(@Sendable (String) -> Void)?>(nil)
    private let destination: Destination
    /// Standard output is a pipe (`run x.sdk | tee log`): each line is passed on as it is
    /// written, as C's stdio does for a terminal, so the reader sees progress.
    private let flushesEachLine: Bool
    /// Standard output is a terminal: control characters in what is shown are escaped.
    private let escapesControls: Bool
    package let renderer: ErrorGenerator
    /// Every secret value seen so far; each write masks them (see `SecretValues`).
    /// A load device's output (`discard`) keeps its latest secrets only: see `SecretValues(keepingAtMost:)`.
    package let secrets: SecretValues
    /// Whether `--reveal` shows secrets in clear. Not in `test`, `check` and `load`: what a file
    /// printed lands in reports (JUnit, TAP, JSON, HTML), which are shared, so a revealed key
    /// there is a leaked key.
    let revealsSecrets: Bool

    /// - Parameter revealsSecrets: `false` masks what `--reveal` asks to show (see `revealedLine`).
    package init(destination: Destination = .standardStreams, useColor: Bool = false, revealsSecrets: Bool = true) {
        self.destination = destination
        self.revealsSecrets = revealsSecrets
        self.renderer = ErrorGenerator(useColor: useColor)
        secrets = destination == .discard ? SecretValues(keepingAtMost: Self.discardedSecretsKept) : SecretValues()
        let shownOn: Int32? =
            switch destination {
            case .standardStreams: 1
            case .standardErrorOnly: 2
            case .memory, .discard: nil
            }
        var status = stat()
        flushesEachLine = shownOn.map { fstat($0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO } ?? false
        escapesControls = shownOn.map { isatty($0) != 0 } ?? false
    }

    /// How many secret values (each form counting) a session that shows nothing keeps: a device
    /// holds a few dozen literal ones and those of its latest iterations.
    static let discardedSecretsKept = 4096

    /// Writes what a command or engine showed to the stream it belongs on.
    package func show(_ event: ShellEvent) {
        switch event {
        case .text(let text): write(text)
        case .line(let text): line(text)
        case .revealedLine(let text): revealedLine(text)
        case .warning(let message): warn(message)
        case .diagnostic(let text): writeError(text)
        case .flush: flush()
        }
    }

    /// Shows what `shown` renders.
    package func show(_ shown: some Renderable) {
        for event in shown.rendered.events { show(event) }
    }

    /// Writes text to standard output (buffered), secrets masked.
    package func write(_ text: String) { append(shown(secrets.masked(text)), newline: false) }

    /// Writes a line to standard output, secrets masked; the newline is appended in place, not by copying `text`.
    package func line(_ text: String) { append(shown(secrets.masked(text)), newline: true) }

    /// Writes a line with secrets in clear: only for `--reveal`, which asks for exactly that, and
    /// only where the output is not a shared report (`revealsSecrets`).
    package func revealedLine(_ text: String) { append(shown(revealsSecrets ? text : secrets.masked(text)), newline: true) }

    /// A line after `styled`, the program's own text (colour codes included) written as it is;
    /// `text` is masked and escaped as `line` does it.
    package func line(styled: String, _ text: String) { append(styled + shown(secrets.masked(text)), newline: true) }

    private func shown(_ text: String) -> String { escapesControls ? ControlEscaper.escaped(text) : text }

    private func append(_ text: String, newline: Bool) {
        state.withLock { state in
            state.stdout.append(contentsOf: text.utf8)
            if newline { state.stdout.append(UInt8(ascii: "\n")) }
            if state.stdout.count >= 1 << 16 || (flushesEachLine && state.stdout.last == UInt8(ascii: "\n")) { flushLocked(&state) }
        }
    }

    /// Sends what is written to standard error to `sink` until called with `nil`: the REPL
    /// prints background warnings above the line being typed instead of over it.
    package func divertErrors(to sink: (@Sendable (String) -> Void)?) {
        errorDiversion.withLock { $0 = sink }
    }

    /// Writes text to standard error after flushing standard output, secrets masked.
    package func writeError(_ text: String) {
        let text = secrets.masked(text)
        if destination == .standardStreams, let sink = errorDiversion.withLock({ $0 }) {
            sink(text)
            return
        }
        state.withLock { state in
            flushLocked(&state)
            switch destination {
            case .standardStreams, .standardErrorOnly: Self.writeAll(2, Array(text.utf8))
            case .memory: state.capturedStderr.append(contentsOf: text.utf8)
            case .discard: break
            }
        }
    }

    /// Renders a located error on standard error.
    package func report(_ error: ShellError, in source: SourceFile?) {
        for secret in error.secrets { secrets.add(secret) }
        var text = renderer.render(error, in: source, secrets: secrets)
        // An error in a sourced file says how the run got there, as a C compiler does.
        for note in state.withLock({ $0.notes }).reversed() { text += "   = \(secrets.masked(note.text))\n" }
        writeError(text)
    }

    /// A `source` or a `repeat` block starts running: errors rendered until the matching
    /// `leftNote` end with `note`.
    func enteredNote(_ note: Note) { state.withLock { $0.notes.append(note) } }

    func leftNote() { state.withLock { _ = $0.notes.popLast() } }

    /// A warning, located at the running command when there is one.
    package func warn(_ message: String) {
        let location = state.withLock { $0.location }
        writeError(renderer.renderWarning(message, range: location?.1, source: location?.0, secrets: secrets))
    }

    /// Sets the command that engine warnings are attributed to while it runs.
    func setLocation(_ location: (SourceFile, SourceRange)?) {
        state.withLock { $0.location = location }
    }

    package func flush() {
        state.withLock { flushLocked(&$0) }
    }

    /// What was written so far when the destination is memory (for tests).
    package func captured() -> (stdout: String, stderr: String) {
        state.withLock { state in
            flushLocked(&state)
            return (String(decoding: state.capturedStdout, as: UTF8.self), String(decoding: state.capturedStderr, as: UTF8.self))
        }
    }

    private func flushLocked(_ state: inout State) {
        guard !state.stdout.isEmpty else { return }
        switch destination {
        case .standardStreams: Self.writeAll(1, state.stdout)
        case .standardErrorOnly: Self.writeAll(2, state.stdout)
        case .memory: state.capturedStdout.append(contentsOf: state.stdout)
        case .discard: break
        }
        state.stdout.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        // EPIPE and friends: the reader is gone; nothing useful to do.
        _ = try? FileDescriptor(rawValue: descriptor).writeAll(bytes)
    }
}
