import Script

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A sleep that Ctrl-C and SIGTERM cut short.
enum InterruptibleSleep {
    static func sleep(seconds: Double, at range: SourceRange) throws(ShellError) {
        var remaining = seconds
        while remaining > 0 {
            if SignalCheck.pending() != nil { throw ShellError(.interrupted, at: range) }
            let slice = min(remaining, 0.05)
            var request = timespec(tv_sec: Int(slice), tv_nsec: Int((slice - Double(Int(slice))) * 1e9))
            nanosleep(&request, nil)
            remaining -= slice
        }
    }
}
