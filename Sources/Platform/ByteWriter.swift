import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Buffered writes to a file descriptor, so streaming a million rows costs a few hundred syscalls.
///
/// Kept apart from `AtomicFile.writeAll`: the export and daily-file encoders append straight into
/// its buffer (scripts/bench.sh measures them), and only full 64 KiB buffers reach the system.
package final class ByteWriter {
    package let path: String
    package let descriptor: FileDescriptor
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    private let ownsDescriptor: Bool
    private var isClosed = false

    /// Opens `path` (`create` makes it, 0644 less the umask, when missing).
    package init(path: String, access: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions) throws(FileError) {
        self.path = path
        descriptor = try FileDescriptor.opening(path, access, options: options, permissions: [.ownerReadWrite, .groupRead, .otherRead])
        ownsDescriptor = true
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    /// Writes to a descriptor someone else opened and closes (an atomic file's temporary).
    package init(descriptor: FileDescriptor, path: String) {
        self.path = path
        self.descriptor = descriptor
        ownsDescriptor = false
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    /// Bytes are appended here directly by the encoders.
    package func append(_ build: (inout [UInt8]) -> Void) throws(FileError) {
        build(&buffer)
        if buffer.count >= flushThreshold { try flush() }
    }

    package func flush() throws(FileError) {
        defer { buffer.removeAll(keepingCapacity: true) }
        try AtomicFile.writeAll(descriptor, buffer, path: path)
    }

    /// Flushes, optionally fsyncs, and closes (a borrowed descriptor is only flushed).
    package func close(sync: Bool = false) throws(FileError) {
        guard !isClosed else { return }
        isClosed = true
        defer { if ownsDescriptor { try? descriptor.close() } }
        try flush()
        if sync && fsync(descriptor.rawValue) != 0 { throw FileError.current(path, "cannot sync") }
    }
}

extension Array where Element == UInt8 {
    package mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    package mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
