import Platform
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads a file line by line through a fixed buffer.
///
/// Its own buffer rather than `FileReader`'s whole-file read: `perf export --all` streams every
/// daily file through it (scripts/bench.sh measures that), and memory stays flat.
final class LineReader {
    private let descriptor: FileDescriptor
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var lineNumber = 0

    init?(path: String, capacity: Int = 1 << 20) {
        guard let descriptor = try? FileDescriptor.opening(path, .readOnly) else { return nil }
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: capacity)
    }

    deinit { try? descriptor.close() }

    /// Hands the next line (without its newline) to `body`; does nothing at the end of the file.
    func nextLine(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 10) {
                lineNumber += 1
                buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<newline]), lineNumber) }
                start = newline + 1
                return
            }
            if atEOF {
                if start < end {
                    lineNumber += 1
                    buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end]), lineNumber) }
                    start = end
                }
                return
            }
            fill()
        }
    }

    private func fill() {
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }  // a line longer than the buffer
        // A read error ends the file as its end would: the lines read so far stand.
        let count =
            (try? buffer.withUnsafeMutableBytes { raw in try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...])) }) ?? 0
        if count == 0 { atEOF = true } else { end += count }
    }
}
