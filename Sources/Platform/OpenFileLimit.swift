#if canImport(Glibc)
import Glibc
#endif

/// This process's open-file limit (`ulimit -n`), and how many connections it holds with room
/// kept for everything else the process opens.
package enum OpenFileLimit {
    /// The soft limit; `nil` when unknown or unlimited.
    package static func current() -> Int? { SoftResourceLimit.of(RLIMIT_NOFILE) }

    /// The connections `limit` holds at `descriptorsEach` each, a tenth of it (64 at least, half
    /// at most) kept for everything else the process opens: 18,000 for `serve` at 20,000, room
    /// for the load bench's fleet of about 10,000.
    package static func connectionsFitting(descriptorsEach: Int, limit: Int? = current()) -> Int {
        // Unlimited: the kernel's own limits (fs.nr_open, memory) come first.
        guard let limit else { return 100_000 }
        let kept = min(limit / 2, max(64, limit / 10))
        return max(1, (limit - kept) / max(1, descriptorsEach))
    }
}
