#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The real clock: `CLOCK_REALTIME` and `Task.sleep`.
package struct SystemClock: WallClock {
    package init() {}

    package func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    package func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: max(.zero, duration))
    }
}
