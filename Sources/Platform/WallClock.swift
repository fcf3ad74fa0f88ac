/// Wall-clock time for the engines' rules (Performance's session timeouts and flush intervals,
/// Hamon's 10-second flush and 2-second retry).
///
/// Injected so that tests never wait and fixtures print the same times on every run: nothing in
/// an engine reads the system time directly. Seconds are `Double` since the Unix epoch because
/// that is what the kits' wire formats carry; a wait is a `Duration`, as everywhere else.
package protocol WallClock: Sendable {
    /// Seconds since the Unix epoch.
    func now() -> Double

    /// Waits `duration`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
