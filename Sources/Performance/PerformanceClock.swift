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
