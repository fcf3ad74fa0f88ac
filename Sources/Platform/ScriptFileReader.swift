import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads a script a user named (`run`, `test`, `load`, `source`): a regular file, or `-` for
/// standard input, at most `limit` bytes.
///
/// Anything else is refused before a byte is read: `/dev/zero` would fill the memory, a FIFO
/// with no writer would wait for ever, and neither answers `--timeout`, which starts only once
/// the file is read. The file is opened non-blocking so that opening a FIFO cannot wait either.
package enum ScriptFileReader {
    /// The size past which a script is refused unless `--max-script-size` says more: a
    /// generated script of a million lines is about 30 MB.
    package static let defaultLimit = 64 << 20

    /// The file's bytes.
    ///
    /// - Throws: `ScriptFileError` when the file cannot be opened or read, is not a regular file
    ///   (its kind named), or holds more than `limit` bytes.
    package static func read(_ path: String, limit: Int = defaultLimit) throws(ScriptFileError) -> [UInt8] {
        if path == standardInput { return try readStandardInput(limit: limit) }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.opening(path, .readOnly, options: .nonBlocking)
        } catch {
            throw .file(error)
        }
        defer { try? descriptor.close() }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { throw .file(.current(path, "cannot read")) }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notRegular(kind: kindName(type)) }
        guard Int(status.st_size) <= limit else { throw .tooLarge(size: Int(status.st_size), limit: limit) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(descriptor, path: path, limit: limit + 1)
        } catch {
            throw .file(error)
        }
        // The file grew while it was read.
        guard bytes.count <= limit else { throw .tooLarge(size: nil, limit: limit) }
        return bytes
    }

    /// The name that means standard input (`sdkbench test -`, `cat t.sdk | sdkbench run -`).
    package static let standardInput = "-"

    /// Standard input to its end, whatever it is (a pipe, a terminal, a file), at most `limit` bytes.
    ///
    /// - Throws: `ScriptFileError` when the read fails or passes `limit`.
    package static func readStandardInput(limit: Int = defaultLimit) throws(ScriptFileError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(descriptor: 0, path: "<stdin>", limit: limit + 1)
        } catch {
            throw .file(error)
        }
        guard bytes.count <= limit else { throw .tooLarge(size: nil, limit: limit) }
        return bytes
    }

    /// What a file of type `type` (`S_IFMT` bits) is called.
    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
