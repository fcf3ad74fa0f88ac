import Dispatch
import LineEditing
import Platform
import Script

/// A sleep that Ctrl-C and SIGTERM cut short.
enum InterruptibleSleep {
    static func sleep(for duration: Duration, at range: SourceRange) throws(ShellError) {
        let wake = SignalWake()
        let deadline = DispatchTime.after(duration)
        while true {
            if SignalCheck.pending() != nil { throw ShellError(.interrupted, at: range) }
            if DispatchTime.now() >= deadline { return }
            wake.wait(until: deadline)
        }
    }
}
