#if canImport(Glibc)
import Glibc
#endif

/// This process's soft limit on a resource (`ulimit -n`, `ulimit -v`, …).
package enum SoftResourceLimit {
    /// The soft limit of `resource`; `nil` when unknown or unlimited (RLIM_INFINITY is all ones).
    package static func of(_ resource: __rlimit_resource) -> Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }
}
