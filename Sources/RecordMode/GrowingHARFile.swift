import FoundationEssentials
import Platform
import SystemPackage
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A HAR file written one exchange at a time, as `sdkbench proxy --har` carries them: after each
/// it is a whole HAR (the entries, then the brackets that close them, which the next entry
/// writes over), so a proxy killed with SIGKILL leaves every exchange it had written, readable
/// by `import har`. Readable by its owner only (0600): nothing in it is masked, it is the
/// recording itself, for tools that replay or inspect it.
///
/// ```swift
/// let har = try GrowingHARFile(path: "app.har", creator: .init(name: "sdkbench", version: "1.0"))
/// try har.append(exchange)   // the file is a HAR of one entry
/// har.close()
/// ```
package final class GrowingHARFile {
    package let path: String
    /// Entries written so far.
    package private(set) var count = 0
    private var descriptor: FileDescriptor?
    /// Where the closing brackets begin: the next entry goes there.
    private var end: Int64
    /// What follows the entries: `]}}`.
    private let closing: [UInt8]
    private let encoder: JSONEncoder

    /// Creates (or empties) the file and writes a HAR of no entries.
    ///
    /// - Throws: `FileError` naming `path`.
    package init(path: String, creator: HARArchive.Creator) throws(FileError) {
        self.path = path
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let opening = Array(#"{"log":{"version":"1.2","creator":"#.utf8) + Self.bytes(creator, encoder) + Array(#","entries":["#.utf8)
        closing = Array("\n]}}\n".utf8)
        end = Int64(opening.count)
        // Rewritten in place, it must be a file: a FIFO or a device cannot be, and its mode is not ours to change.
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw FileError(path: path, operation: "cannot grow a HAR in", code: (status.st_mode & S_IFMT) == S_IFDIR ? EISDIR : ESPIPE)
        }
        let descriptor = try FileDescriptor.opening(path, .writeOnly, options: [.create, .truncate], permissions: AtomicFile.secretMode)
        self.descriptor = descriptor
        do throws(FileError) {
            // Exact bits, whatever the umask or the mode of a file it replaces.
            if fchmod(descriptor.rawValue, AtomicFile.secretMode.rawValue) != 0 { throw FileError.current(path, "cannot set the mode of") }
            try write(opening + closing, at: 0)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Writes `exchange` as the last entry, and the closing brackets after it, in one write.
    ///
    /// - Throws: `FileError` naming `path`; the file then holds the entries before this one.
    package func append(_ exchange: RecordedExchange) throws(FileError) {
        let entry = Array((count == 0 ? "\n" : ",\n").utf8) + Self.bytes(HARArchive.entry(exchange), encoder)
        try write(entry + closing, at: end)
        end += Int64(entry.count)
        count += 1
    }

    /// Closes the file; it stays as the last `append` left it.
    package func close() {
        try? descriptor?.close()
        descriptor = nil
    }

    private func write(_ bytes: [UInt8], at offset: Int64) throws(FileError) {
        guard let descriptor else { throw FileError(path: path, operation: "cannot write", code: EBADF) }
        _ = try FileError.attempt(path, "cannot write") { try descriptor.writeAll(toAbsoluteOffset: offset, bytes) }
    }

    /// Encoding a value of plain strings and numbers cannot fail.
    private static func bytes(_ value: some Encodable, _ encoder: JSONEncoder) -> [UInt8] {
        (try? encoder.encode(value)).map { [UInt8]($0) } ?? []
    }
}
