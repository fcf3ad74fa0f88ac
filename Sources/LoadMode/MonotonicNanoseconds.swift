#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The clock `ContinuousClock` reads on Linux (CLOCK_BOOTTIME, which goes on through a suspend),
/// as whole nanoseconds: for the two readings a load run takes of every exchange. Read through
/// `ContinuousClock`, with its instants' and durations' 128-bit arithmetic, they cost 1,100
/// more instructions a request of the Miataru load flow (callgrind).
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
