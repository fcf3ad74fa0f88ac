#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Load mode runs a thread per simulated device, and glibc keeps a cache of freed blocks for
/// every thread (tcache). Limiting that cache to blocks of up to 64 bytes, the small ones a run
/// frees most often, took 2,000 devices of the Miataru flow from 172 to 140 MB peak RSS and
/// 10,000 from 686 to 510 MB, at 1.00x the CPU at 64 devices (farm-bench -n 6, paired).
/// glibc reads its tunables only when a process starts, so `load` starts itself again with
/// `glibc.malloc.tcache_max=64` added; a user's own `tcache_max` is kept.
enum ThreadCacheTuning {
    static let tunable = "glibc.malloc.tcache_max=64"

    /// Replaces this process with itself, the tunable added, unless it is already set; returns
    /// (and the run goes on untuned) when that cannot be done.
    static func restartTunedIfNeeded(environment: [String: String]) {
        let current = environment["GLIBC_TUNABLES"] ?? ""
        guard !current.contains("glibc.malloc.tcache_max") else { return }
        var entries = environment
        entries["GLIBC_TUNABLES"] = current.isEmpty ? tunable : current + ":" + tunable
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup("\($0.key)=\($0.value)") }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        execve("/proc/self/exe", CommandLine.unsafeArgv, pointers)
    }
}
