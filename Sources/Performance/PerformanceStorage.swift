import Platform
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The daily `performance_YYYY-MM-DD.json` files of a directory.
public struct PerformanceStorage: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// The daily file names, oldest day first.
    public func dailyFiles() -> [String] {
        SystemFiles.list(directory).filter { Self.day(ofFile: $0) != nil }.sorted()
    }

    /// `performance_2025-11-18.json` for the UTC day holding `seconds`.
    public static func fileName(forDayOf seconds: Double) -> String {
        "performance_" + CivilTime.dayStamp(seconds) + ".json"
    }

    /// Days since the epoch of a daily file's name; `nil` for any other name.
    static func day(ofFile name: String) -> Int? {
        guard name.hasPrefix("performance_"), name.hasSuffix(".json"), name.count == 27 else { return nil }
        return CivilTime.days(fromStamp: name.dropFirst(12).dropLast(5))
    }

    /// Every stored entry, oldest file first, read as a stream: memory stays flat however many
    /// there are. Lines that are not an entry are passed to `onMalformedLine` (file, line number).
    public func allEntries(onMalformedLine: (@Sendable (String, Int) -> Void)? = nil) -> StoredEntries {
        StoredEntries(paths: dailyFiles().map { directory + "/" + $0 }, onMalformedLine: onMalformedLine)
    }

    /// Deletes daily files of days more than `days` before the day holding `now`; returns their names.
    @discardableResult
    public func removeFiles(olderThanDays days: Int, now: Double) -> [String] {
        let today = Int((now / 86_400).rounded(.down))
        return dailyFiles().filter { name in
            guard let day = Self.day(ofFile: name), today - day > days else { return false }
            return unlink(directory + "/" + name) == 0
        }
    }
}

/// Entries streamed from daily files: the files hold one entry per line between `{"entries":[` and `]}`.
public struct StoredEntries: Sequence, Sendable {
    let paths: [String]
    let onMalformedLine: (@Sendable (String, Int) -> Void)?

    public func makeIterator() -> Iterator { Iterator(paths: paths, onMalformedLine: onMalformedLine) }

    public final class Iterator: IteratorProtocol {
        private var paths: ArraySlice<String>
        private let onMalformedLine: ((String, Int) -> Void)?
        private var reader: LineReader?
        private var currentPath = ""

        init(paths: [String], onMalformedLine: ((String, Int) -> Void)?) {
            self.paths = paths[...]
            self.onMalformedLine = onMalformedLine
        }

        public func next() -> PerformanceEntry? {
            while true {
                if reader == nil {
                    guard let path = paths.popFirst() else { return nil }
                    currentPath = path
                    reader = LineReader(path: path)
                    if reader == nil { onMalformedLine?(path, 0) }
                    continue
                }
                var decoded: PerformanceEntry?
                var sawLine = false
                reader!.nextLine { line, number in
                    sawLine = true
                    var trimmed = line
                    while let last = trimmed.last, last == 44 || last == 32 || last == 13 || last == 9 {
                        trimmed = UnsafeBufferPointer(rebasing: trimmed.dropLast())
                    }
                    while let first = trimmed.first, first == 32 || first == 9 {
                        trimmed = UnsafeBufferPointer(rebasing: trimmed.dropFirst())
                    }
                    // Framing lines of the file format.
                    if trimmed.isEmpty || trimmed.elementsEqual("{\"entries\":[".utf8) || trimmed.elementsEqual("]}".utf8) {
                        return
                    }
                    decoded = EntryDecoding.decode(trimmed)
                    if decoded == nil { onMalformedLine?(currentPath, number) }
                }
                if let decoded { return decoded }
                if !sawLine { reader = nil }
            }
        }
    }
}

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
        let count = (try? buffer.withUnsafeMutableBytes { raw in try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...])) }) ?? 0
        if count == 0 { atEOF = true } else { end += count }
    }
}
