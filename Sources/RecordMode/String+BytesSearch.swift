#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's (`memchr` for the first byte, then
    /// `memcmp`; Glibc's module does not export `memmem`), where the standard
    /// library's `contains` (a Character-by-Character search) took 27% of `import har`'s time
    /// (perf, a 20,000-entry HAR of scripts/bench/import_bench.py).
    func containsBytes(of needle: String) -> Bool {
        var text = self
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { wanted in
                guard !wanted.isEmpty else { return true }
                guard haystack.count >= wanted.count else { return false }
                let base = haystack.baseAddress!
                let last = haystack.count - wanted.count
                var start = 0
                while start <= last {
                    guard let found = memchr(base + start, Int32(wanted[0]), last - start + 1) else { return false }
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, wanted.baseAddress!, wanted.count) == 0 { return true }
                    start = index + 1
                }
                return false
            }
        }
    }
}
