import Script

/// A sleep that Ctrl-C, SIGTERM and a device's stop cut short: they cancel the command's task.
enum InterruptibleSleep {
    static func sleep(for duration: Duration, at range: SourceRange) async throws(ShellError) {
        if SignalCheck.pending() != nil { throw ShellError(.interrupted, at: range) }
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw ShellError(.interrupted, at: range)
        }
    }
}
