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
///   less the umask; but only when the user named the file itself: a name that leads to an open
///   descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) is written in place, appending,
///   so `perf export csv /dev/stdout >> ci.log` keeps the log's earlier lines;
/// - `-` is standard output as it is, whatever it is.
package enum OutputFile {
    /// The name that means standard output.
    package static let standardOutput = "-"

    /// Writes through `body` to `path`; returns what `body` returns.
    ///
    /// - Throws: `FileError` naming `path` (never the temporary file) when it cannot
    ///   be opened, written or put in place; a regular file is then left as it was.
    package static func write<Result>(
        to path: String,
        _ body: (ByteWriter) throws(FileError) -> Result
    ) throws(FileError) -> Result {
        if path == standardOutput { return try onStandardOutput(body) }
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, operation: "cannot write", code: EISDIR)
        }
        // Opened through its name, links and all: `/dev/stdout` leads to a `pipe:[…]` no path can name.
        if exists, (status.st_mode & S_IFMT) != S_IFREG || leadsToADescriptor(path) {
            return try inPlace(path: path, target: path, body)
        }
        return try atomically(path: path, target: resolved(path), mode: exists ? FilePermissions(rawValue: status.st_mode & 0o7777) : nil, body)
    }

    /// Writes `bytes` to `path` as `write(to:_:)` does (for a small document: GeoJSON, a report).
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(to: path) { writer throws(FileError) in try writer.append { $0.append(contentsOf: bytes) } }
    }

    /// Writes to descriptor 1, which stays open: the stream is whatever the caller was given.
    private static func onStandardOutput<Result>(_ body: (ByteWriter) throws(FileError) -> Result) throws(FileError) -> Result {
        let writer = ByteWriter(descriptor: FileDescriptor(rawValue: 1), path: standardOutput)
        let result = try body(writer)
        try writer.close()
        return result
    }

    /// Whether `path`, or a link on the way to its file, names an open descriptor rather than a
    /// file: replacing what it leads to would destroy a stream someone else opened.
    static func leadsToADescriptor(_ path: String) -> Bool {
        linkChain(from: path).contains { name in
            name.hasPrefix("/dev/fd/") || name.hasPrefix("/dev/std") || (name.hasPrefix("/proc/") && name.contains("/fd/"))
        }
    }

    /// Whether `write(to:)` could write `path` now, asked before a long run rather than found
    /// out after it: `-`; an existing file or device that may be written; or a new name in a
    /// directory that may be written.
    ///
    /// - Throws: `FileError` (`cannot write`) with the reason: a directory, no such directory,
    ///   permission denied.
    package static func checkWritable(_ path: String) throws(FileError) {
        if path == standardOutput { return }
        let target = resolved(path)
        var status = stat()
        if stat(target, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, operation: "cannot write", code: EISDIR) }
            guard access(target, W_OK) == 0 else { throw .current(path, "cannot write") }
            return
        }
        try checkCanCreate(target, named: path)
    }

    /// Whether a directory `path` (`--report-html DIR`) is there to be written in, or can be made.
    ///
    /// - Throws: `FileError` (`cannot write`) with the reason.
    package static func checkWritableDirectory(_ path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw FileError(path: path, operation: "cannot write", code: ENOTDIR) }
            guard access(path, W_OK | X_OK) == 0 else { throw .current(path, "cannot write") }
            return
        }
        try checkCanCreate(path, named: path)
    }

    /// Whether `target`'s directory exists and lets a file be made in it.
    private static func checkCanCreate(_ target: String, named path: String) throws(FileError) {
        let parent = Directories.parent(of: target)
        var status = stat()
        guard stat(parent, &status) == 0 else { throw .current(path, "cannot write") }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw FileError(path: path, operation: "cannot write", code: ENOTDIR) }
        guard access(parent, W_OK | X_OK) == 0 else { throw .current(path, "cannot write") }
    }

    /// The path a write to `path` lands on: symlinks followed, also a dangling one (it is created).
    static func resolved(_ path: String) -> String { linkChain(from: path).last ?? path }

    /// `path` and each name its symlinks lead to, in order (at most 40 links, as the kernel allows).
    private static func linkChain(from path: String) -> [String] {
        var chain = [path]
        for _ in 0..<40 {
            let target = chain[chain.count - 1]
            var status = stat()
            guard lstat(target, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, buffer.count - 1)
            guard count > 0 else { break }
            let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            chain.append(link.hasPrefix("/") ? link : Directories.parent(of: target) + "/" + link)
        }
        return chain
    }

    private static func inPlace<Result>(
        path: String,
        target: String,
        _ body: (ByteWriter) throws(FileError) -> Result
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
        path: String,
        target: String,
        mode: FilePermissions?,
        _ body: (ByteWriter) throws(FileError) -> Result
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
