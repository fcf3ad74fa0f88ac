#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The size of a file, 0 when it is missing or unreadable.
enum FileSize {
    static func of(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
