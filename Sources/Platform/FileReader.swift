import SystemPackage

/// Reads whole files (scripts, request bodies, state records, `/proc` and `/sys` entries).
///
/// The one read loop of the project: the rest ask for a file's bytes. POSIX through
/// swift-system rather than Foundation, so nothing at start-up pays for Foundation.
package enum FileReader {
    /// The file's bytes decoded as UTF-8, invalid sequences replaced.
    ///
    /// - Throws: `FileError` when the file cannot be opened or read, or is a directory.
    package static func readText(_ path: String) throws(FileError) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    /// The file's bytes, at most `limit` of them.
    ///
    /// - Throws: `FileError` when the file cannot be opened or read, or is a directory.
    package static func readBytes(_ path: String, limit: Int = .max) throws(FileError) -> [UInt8] {
        let descriptor = try FileDescriptor.opening(path, .readOnly)
        defer { try? descriptor.close() }
        if try FileError.attempt(path, "cannot read", { try descriptor.stat().type }) == .directory {
            throw FileError(path: path, operation: "cannot read", code: Errno.isDirectory.rawValue)
        }
        return try readAll(descriptor, path: path, limit: limit)
    }

    /// Reads a descriptor to its end (standard input included); `path` names it in errors.
    ///
    /// - Throws: `FileError` when a read fails.
    package static func readAll(descriptor: Int32, path: String, limit: Int = .max) throws(FileError) -> [UInt8] {
        try readAll(FileDescriptor(rawValue: descriptor), path: path, limit: limit)
    }

    static func readAll(_ descriptor: FileDescriptor, path: String, limit: Int) throws(FileError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, max(limit, 1)))
        while result.count < limit {
            let wanted = min(chunk.count, limit - result.count)
            let count = try FileError.attempt(path, "cannot read") {
                try chunk.withUnsafeMutableBytes { try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[..<count])
        }
        return result
    }
}
