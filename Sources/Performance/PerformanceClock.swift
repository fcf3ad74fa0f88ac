import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Wall-clock seconds since the Unix epoch; injected so tests never wait.
public protocol PerformanceClock: Sendable {
    func now() -> Double
}

/// The real clock (CLOCK_REALTIME).
public struct SystemPerformanceClock: PerformanceClock {
    public init() {}

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A clock that moves only when told to.
public final class ManualPerformanceClock: PerformanceClock {
    private let current: Mutex<Double>

    public init(_ start: Double) { current = Mutex(start) }

    public func now() -> Double { current.withLock { $0 } }

    public func advance(by seconds: Double) { current.withLock { $0 += seconds } }

    public func set(_ seconds: Double) { current.withLock { $0 = seconds } }
}

/// A reproducible clock: each reading returns the current value, then moves it on by `step`.
/// `SDKBENCH_FAKE_CLOCK` selects it so script fixtures print the same times on every run.
public final class SteppingPerformanceClock: PerformanceClock {
    private let current: Mutex<Double>
    public let step: Double

    public init(start: Double, step: Double) {
        current = Mutex(start)
        self.step = step
    }

    public func now() -> Double {
        current.withLock { value in
            defer { value += step }
            return value
        }
    }

    /// Parses `START` or `START+STEP` (seconds; the step defaults to 0.25).
    public static func parse(_ text: String) -> SteppingPerformanceClock? {
        let parts = text.split(separator: "+", maxSplits: 1)
        guard let first = parts.first, let start = Double(first) else { return nil }
        guard parts.count == 2 else { return SteppingPerformanceClock(start: start, step: 0.25) }
        guard let step = Double(parts[1]), step >= 0 else { return nil }
        return SteppingPerformanceClock(start: start, step: step)
    }
}
