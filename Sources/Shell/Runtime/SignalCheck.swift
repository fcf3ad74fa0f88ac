import JSON
import LineEditing
import Script

/// Turns a pending SIGINT or SIGTERM into the status a non-interactive run stops with.
enum SignalCheck {
    static func pending() -> ExitStatus? {
        if SignalTrap.terminationRequested || SignalTrap.takeInterrupt() { return .runtime }
        return nil
    }
}
