#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The clock `ContinuousClock` reads on Linux (CLOCK_BOOTTIME, which goes on through a suspend),
/// as whole nanoseconds: for the two readings a load run takes of every exchange, without
/// `ContinuousClock`'s 128-bit arithmetic on instants and durations (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
enum MonotonicNanoseconds {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Whole microseconds from `start` to `end`; 0 when `end` is not later.
    static func microseconds(from start: UInt64, to end: UInt64) -> UInt64 {
        end > start ? (end - start) / 1000 : 0
    }
}
