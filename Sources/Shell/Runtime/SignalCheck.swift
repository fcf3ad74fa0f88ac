import JSON
import Platform
import Script

/// Turns a pending SIGINT or SIGTERM, or a stop asked of this thread's session, into the status a
/// non-interactive run stops with.
enum SignalCheck {
    static func pending() -> ExitStatus? {
        if SignalTrap.terminationRequested || SessionStop.current?.isRequested == true || SignalTrap.takeInterrupt() { return .runtime }
        return nil
    }
}
