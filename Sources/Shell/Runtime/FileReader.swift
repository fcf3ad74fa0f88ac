import Script

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An OS error with the path and the reason, for located messages.
public struct FileError: Error, Sendable {
    public var path: String
    public var reason: String

    static func current(_ path: String) -> FileError {
        FileError(path: path, reason: String(cString: strerror(errno)))
    }
}

/// Reads whole files with POSIX calls (no Foundation needed at start-up).
public enum FileReader {
    /// The file's bytes decoded as UTF-8, invalid sequences replaced.
    public static func readText(_ path: String) throws(FileError) -> String {
        let bytes = try readBytes(path)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func readBytes(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .current(path) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, reason: "is a directory")
        }
        return try readAll(descriptor, path: path)
    }

    /// Reads a descriptor to its end (stdin included).
    public static func readAll(_ descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current(path)
            }
            result.append(contentsOf: chunk[0..<count])
        }
    }
}

/// A sleep that Ctrl-C and SIGTERM cut short.
enum InterruptibleSleep {
    static func sleep(seconds: Double, at range: SourceRange) throws(ShellError) {
        var remaining = seconds
        while remaining > 0 {
            if SignalCheck.pending() != nil { throw ShellError(.interrupted, at: range) }
            let slice = min(remaining, 0.05)
            var request = timespec(tv_sec: Int(slice), tv_nsec: Int((slice - Double(Int(slice))) * 1e9))
            nanosleep(&request, nil)
            remaining -= slice
        }
    }
}

/// The size of a file, 0 when it is missing or unreadable.
enum FileSize {
    static func of(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
