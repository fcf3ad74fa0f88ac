import Platform
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Appending to a daily file while keeping it a valid `{"entries":[...]}` document: the closing
/// `\n]}\n` is cut, the new entries written, and the closing written again.
enum DailyFile {
    static let opening: StaticString = "{\"entries\":["
    static let closing: StaticString = "\n]}\n"

    static func append(_ entries: [PerformanceEntry], directory: String, name: String) throws(FileError) {
        try Directories.create(directory, mode: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute])
        let path = directory + "/" + name
        let writer = try ByteWriter(path: path, access: .readWrite, options: .create)
        do throws(FileError) {
            let size = try FileError.attempt(path, "cannot read") { try writer.descriptor.seek(offset: 0, from: .end) }
            var first = size == 0
            if size > 0 {
                guard try endsWithClosing(writer.descriptor, size: size, path: path) else {
                    throw FileError(path: path, operation: "not a daily performance file (no closing ]}), refusing to append to", code: EINVAL)
                }
                let kept = size - Int64(closing.utf8CodeUnitCount)
                try FileError.attempt(path, "cannot truncate") {
                    try writer.descriptor.resize(to: kept)
                    _ = try writer.descriptor.seek(offset: kept, from: .start)
                }
                // An empty list is written as `{"entries":[\n]}`: the next entry is then the first.
                first = size == Int64(opening.utf8CodeUnitCount + closing.utf8CodeUnitCount)
            } else {
                try writer.append { $0.append(ascii: opening) }
            }
            for entry in entries {
                try writer.append { bytes in
                    bytes.append(ascii: first ? "\n" : ",\n")
                    EntryEncoding.appendJSON(entry, to: &bytes)
                }
                first = false
            }
            try writer.append { $0.append(ascii: closing) }
            try writer.close(sync: true)
        } catch {
            try? writer.close()
            throw error
        }
    }

    private static func endsWithClosing(_ descriptor: FileDescriptor, size: Int64, path: String) throws(FileError) -> Bool {
        let length = closing.utf8CodeUnitCount
        guard size >= Int64(length) else { return false }
        var tail = [UInt8](repeating: 0, count: length)
        let count = try FileError.attempt(path, "cannot read") {
            try tail.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: size - Int64(length), into: $0) }
        }
        guard count == length else { throw FileError(path: path, operation: "cannot read", code: EIO) }
        return closing.withUTF8Buffer { tail.elementsEqual($0) }
    }
}
