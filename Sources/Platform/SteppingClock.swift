import Synchronization

/// A reproducible clock: each reading returns the current value, then moves it on by `step`.
///
/// `SDKBENCH_FAKE_CLOCK` selects it so script fixtures print the same times on every run.
/// Sleeps take real time: a retry or a shutdown budget still waits as it would, and a reading
/// after a sleep is still only one step later, so no rule fires because time was spent waiting.
package final class SteppingClock: WallClock {
    private let current: Mutex<Double>
    /// Seconds added after each reading.
    package let step: Double

    package init(start: Double, step: Double) {
        current = Mutex(start)
        self.step = step
    }

    package func now() -> Double {
        current.withLock { value in
            defer { value += step }
            return value
        }
    }

    package func sleep(for duration: Duration) async throws {
        try await SystemClock().sleep(for: duration)
    }

    /// Parses `START` or `START+STEP` (seconds; the step defaults to 0.25).
    ///
    /// - Returns: the clock, or `nil` when `text` is neither form or the step is negative.
    package static func parse(_ text: String) -> SteppingClock? {
        let parts = text.split(separator: "+", maxSplits: 1)
        guard let first = parts.first, let start = Double(first) else { return nil }
        guard parts.count == 2 else { return SteppingClock(start: start, step: 0.25) }
        guard let step = Double(parts[1]), step >= 0 else { return nil }
        return SteppingClock(start: start, step: step)
    }
}
