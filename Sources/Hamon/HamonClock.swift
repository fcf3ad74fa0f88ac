#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Time for the queue's rules: the 10-second flush, the 2-second retry.
/// Tests drive a manual clock; nothing in the engine reads the system time directly.
public protocol HamonClock: Sendable {
    /// Seconds since the Unix epoch.
    func now() -> Double
    /// Waits `seconds`; throws `CancellationError` when the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// The wall clock and `Task.sleep`.
public struct SystemHamonClock: HamonClock {
    public init() {}

    public func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
    }
}
