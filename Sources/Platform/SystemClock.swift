#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The real clock: `CLOCK_REALTIME` and `Task.sleep`.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
    }
}
