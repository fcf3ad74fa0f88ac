import CSignals

/// SIGINT/SIGTERM as flags the REPL and the script runner poll, so neither signal kills a session mid-write.
package enum SignalTrap {
    /// Installs the handlers without SA_RESTART, so a blocked read returns EINTR.
    package static func install() { sdk_signals_install() }

    /// Whether Ctrl-C arrived since the last call; clears it.
    package static func takeInterrupt() -> Bool { sdk_signals_take_interrupt() != 0 }

    /// Whether a Ctrl-C is waiting for someone to take it: the command in hand has not noticed it.
    package static var interruptPending: Bool { sdk_signals_interrupt_pending() != 0 }

    /// Whether SIGTERM or SIGHUP arrived: finish in order and exit.
    package static var terminationRequested: Bool { sdk_signals_termination_requested() != 0 }

    /// How many SIGINT, SIGTERM and SIGHUP arrived so far: a wait compares it with the count at
    /// its start to honour a second signal.
    package static var count: Int { Int(sdk_signals_count()) }
}
