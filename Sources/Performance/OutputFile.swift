import Platform
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one way sdkbench writes a path the user named (an export, a report), as a shell's `>`
/// would treat it, but never leaving half a file:
/// - a symlink is followed, and its target is written;
/// - a file that is not regular (`/dev/stdout`, `/dev/full`, a FIFO, a terminal) is written in
///   place: renaming over it would turn a device into a regular file;
/// - a regular file is replaced through `AtomicFile` and keeps its mode; a new file gets 0666
///   less the umask.
public enum OutputFile {
    /// Writes through `body` to `path`; returns what `body` returns.
    ///
    /// - Throws: `FileError` naming `path` (never the temporary file) when it cannot
    ///   be opened, written or put in place; a regular file is then left as it was.
    public static func write<Result>(
        to path: String, _ body: (ByteWriter) throws(FileError) -> Result
    ) throws(FileError) -> Result {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, operation: "cannot write", code: EISDIR)
        }
        // Opened through its name, links and all: `/dev/stdout` leads to a `pipe:[…]` no path can name.
        if exists, (status.st_mode & S_IFMT) != S_IFREG {
            return try inPlace(path: path, target: path, body)
        }
        return try atomically(path: path, target: resolved(path), mode: exists ? FilePermissions(rawValue: status.st_mode & 0o7777) : nil, body)
    }

    /// Writes `bytes` to `path` as `write(to:_:)` does (for a small document: GeoJSON, a report).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(to: path) { writer throws(FileError) in try writer.append { $0.append(contentsOf: bytes) } }
    }

    /// The path a write to `path` lands on: symlinks followed, also a dangling one (it is created).
    static func resolved(_ path: String) -> String {
        var target = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(target, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return target }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, buffer.count - 1)
            guard count > 0 else { return target }
            let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            target = link.hasPrefix("/") ? link : Directories.parent(of: target) + "/" + link
        }
        return target
    }

    private static func inPlace<Result>(
        path: String, target: String, _ body: (ByteWriter) throws(FileError) -> Result
    ) throws(FileError) -> Result {
        let writer: ByteWriter
        do throws(FileError) {
            writer = try ByteWriter(path: target, access: .writeOnly, options: .append)
        } catch {
            throw FileError(path: path, operation: "cannot open", code: error.code)
        }
        do throws(FileError) {
            let result = try body(writer)
            try writer.close()
            return result
        } catch {
            try? writer.close()
            throw FileError(path: path, operation: error.operation, code: error.code)
        }
    }

    private static func atomically<Result>(
        path: String, target: String, mode: FilePermissions?, _ body: (ByteWriter) throws(FileError) -> Result
    ) throws(FileError) -> Result {
        do throws(FileError) {
            return try AtomicFile.write(to: target, mode: mode) { descriptor throws(FileError) in
                let writer = ByteWriter(descriptor: descriptor, path: target)
                let result = try body(writer)
                try writer.close()
                return result
            }
        } catch {
            throw FileError(path: path, operation: error.operation, code: error.code)
        }
    }
}
