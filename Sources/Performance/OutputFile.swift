#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one way sdkbench writes a path the user named (an export, a report), as a shell's `>`
/// would treat it, but never leaving half a file:
/// - a symlink is followed, and its target is written;
/// - a file that is not regular (`/dev/stdout`, `/dev/full`, a FIFO, a terminal) is written in
///   place: renaming over it would turn a device into a regular file;
/// - a regular file is replaced atomically (temporary file beside it, fsync, rename, fsync of the
///   directory) and keeps its mode; a new file gets 0666 less the umask.
public enum OutputFile {
    /// Writes through `body` to `path`; returns what `body` returns.
    ///
    /// - Throws: `PerformanceFileError` naming `path` (never the temporary file) when it cannot
    ///   be opened, written or put in place; a regular file is then left as it was.
    public static func write<Result>(
        to path: String, _ body: (ByteWriter) throws(PerformanceFileError) -> Result
    ) throws(PerformanceFileError) -> Result {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFDIR {
            throw PerformanceFileError(path: path, operation: "cannot write", code: EISDIR)
        }
        // Opened through its name, links and all: `/dev/stdout` leads to a `pipe:[…]` no path can name.
        if exists, (status.st_mode & S_IFMT) != S_IFREG {
            return try inPlace(path: path, target: path, body)
        }
        return try atomically(path: path, target: resolved(path), mode: exists ? status.st_mode & 0o7777 : nil, body)
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
            target = link.hasPrefix("/") ? link : directory(of: target) + "/" + link
        }
        return target
    }

    private static func inPlace<Result>(
        path: String, target: String, _ body: (ByteWriter) throws(PerformanceFileError) -> Result
    ) throws(PerformanceFileError) -> Result {
        let writer: ByteWriter
        do throws(PerformanceFileError) {
            writer = try ByteWriter(path: target, flags: O_WRONLY | O_APPEND)
        } catch {
            throw PerformanceFileError(path: path, operation: "cannot open", code: error.code)
        }
        do throws(PerformanceFileError) {
            let result = try body(writer)
            try writer.close()
            return result
        } catch {
            try? writer.close()
            throw PerformanceFileError(path: path, operation: error.operation, code: error.code)
        }
    }

    private static func atomically<Result>(
        path: String, target: String, mode: mode_t?, _ body: (ByteWriter) throws(PerformanceFileError) -> Result
    ) throws(PerformanceFileError) -> Result {
        let folder = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let temporary = folder + "/." + name + ".partial-" + String(getpid())
        let writer: ByteWriter
        do throws(PerformanceFileError) {
            writer = try ByteWriter(path: temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o666)
        } catch {
            throw PerformanceFileError(path: path, operation: "cannot create", code: error.code)
        }
        do throws(PerformanceFileError) {
            if let mode, fchmod(writer.fileDescriptor, mode) != 0 {
                throw PerformanceFileError(path: path, operation: "cannot keep the mode of", code: errno)
            }
            let result = try body(writer)
            try writer.close(sync: true)
            guard rename(temporary, target) == 0 else { throw PerformanceFileError(path: path, operation: "cannot replace", code: errno) }
            syncDirectory(folder)
            return result
        } catch {
            try? writer.close()
            unlink(temporary)
            throw PerformanceFileError(path: path, operation: error.operation, code: error.code)
        }
    }

    /// Makes the rename durable; a directory that cannot be opened (no permission) is left to the kernel.
    private static func syncDirectory(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
