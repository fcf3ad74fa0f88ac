#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A failed file operation, with the path and the system's reason.
public struct PerformanceFileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var operation: String
    public var code: Int32

    public var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
}

/// Buffered writes to a file descriptor, so streaming a million rows costs a few hundred syscalls.
public final class ByteWriter {
    let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    private var isClosed = false

    /// Opens `path` with `flags`, which include the access mode.
    init(path: String, flags: Int32, mode: mode_t = 0o644) throws(PerformanceFileError) {
        self.path = path
        descriptor = open(path, O_CLOEXEC | flags, mode)
        guard descriptor >= 0 else { throw PerformanceFileError(path: path, operation: "cannot open", code: errno) }
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    /// Bytes are appended here directly by the encoders.
    func append(_ build: (inout [UInt8]) -> Void) throws(PerformanceFileError) {
        build(&buffer)
        if buffer.count >= flushThreshold { try flush() }
    }

    func flush() throws(PerformanceFileError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                buffer.removeAll(keepingCapacity: true)
                throw PerformanceFileError(path: path, operation: "cannot write", code: code)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, optionally fsyncs, and closes.
    func close(sync: Bool = false) throws(PerformanceFileError) {
        guard !isClosed else { return }
        defer {
            Glibc.close(descriptor)
            isClosed = true
        }
        try flush()
        if sync && fsync(descriptor) != 0 { throw PerformanceFileError(path: path, operation: "cannot sync", code: errno) }
    }

    var fileDescriptor: Int32 { descriptor }
}

extension Array where Element == UInt8 {
    mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
