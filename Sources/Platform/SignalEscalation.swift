/// Decides when a signal that nothing answers ends the process: the backstop for work that
/// computes (or blocks) without looking at `SignalTrap`'s flags.
///
/// Waits, sleeps and the prompt answer a signal within ~60 ms; anything that does not is caught
/// here, `patience` seconds later. Leaving at that point loses nothing that was acknowledged:
/// every queue is a journal that the next start reads again.
package struct SignalEscalation: Sendable {
    /// What the signal flags show at one moment.
    package struct Reading: Sendable {
        package var interruptPending: Bool
        package var terminationRequested: Bool
        /// Every SIGINT, SIGTERM and SIGHUP so far (`SignalTrap.count`).
        package var count: Int

        package init(interruptPending: Bool, terminationRequested: Bool, count: Int) {
            self.interruptPending = interruptPending
            self.terminationRequested = terminationRequested
            self.count = count
        }

        /// The flags as they are now.
        package static func now() -> Reading {
            Reading(interruptPending: SignalTrap.interruptPending, terminationRequested: SignalTrap.terminationRequested, count: SignalTrap.count)
        }
    }

    /// What the process is doing, as far as signals are concerned.
    package enum Phase: Sendable {
        /// A script, `-c` or standard input: a signal ends the run.
        case run
        /// The REPL: Ctrl-C ends the command in hand and the session goes on.
        case repl
        /// Engines are shutting down, within `ShellSession.shutdownBudget`.
        case shutdown
    }

    package enum Action: Equatable, Sendable {
        case none
        /// Say this on standard error, once.
        case warn(String)
        /// Say this on standard error and exit with `status` now.
        case leave(status: Int32, message: String)
    }

    /// Seconds a signal may go unanswered, far beyond the ~60 ms a wait takes to answer.
    package static let patience = 2.0

    /// Seconds a shutdown may run once a signal arrived, its own budget included.
    private let shutdownLimit: Double
    private var interruptSince: Double?
    private var terminationSince: Double?
    private var shutdownSince: Double?
    private var warnedAtCount: Int?

    /// - Parameter shutdownBudget: seconds the engines' shutdown may take by its own rules.
    package init(shutdownBudget: Double) {
        shutdownLimit = shutdownBudget + Self.patience
    }

    /// Judges one reading taken at `now` (seconds on any monotonic clock) in `phase`.
    package mutating func observe(_ reading: Reading, in phase: Phase, at now: Double) -> Action {
        if phase == .shutdown {
            // A shutdown answers signals itself (a second one cuts it short); it is bounded only
            // when a signal started it or arrived during it.
            let since = shutdownSince ?? now
            shutdownSince = since
            guard reading.count > 0, now - since >= shutdownLimit else { return .none }
            return .leave(
                status: reading.terminationRequested ? 143 : 3,
                message:
                    "sdkbench: shutdown still running \(Int(shutdownLimit)) s after it began; leaving now (queued work stays in its journal for the next start)"
            )
        }
        if reading.terminationRequested {
            let since = terminationSince ?? now
            terminationSince = since
            guard now - since >= Self.patience else { return .none }
            return .leave(
                status: 143,
                message:
                    "sdkbench: the command in hand did not stop within \(Int(Self.patience)) s of SIGTERM; leaving now (queued work stays in its journal for the next start)"
            )
        }
        guard reading.interruptPending else {
            interruptSince = nil
            warnedAtCount = nil
            return .none
        }
        let since = interruptSince ?? now
        interruptSince = since
        guard now - since >= Self.patience else { return .none }
        if phase == .run {
            return .leave(
                status: 3,
                message:
                    "sdkbench: the command in hand did not stop within \(Int(Self.patience)) s of Ctrl-C; leaving now (queued work stays in its journal for the next start)"
            )
        }
        guard let warned = warnedAtCount else {
            warnedAtCount = reading.count
            return .warn("sdkbench: the command in hand is still computing; Ctrl-C again leaves sdkbench (queued work is kept for the next start)")
        }
        guard reading.count > warned else { return .none }
        return .leave(status: 3, message: "sdkbench: leaving at the second Ctrl-C (queued work stays in its journal for the next start)")
    }
}
