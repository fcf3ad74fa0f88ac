import Platform
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Entries streamed from daily files: the files hold one entry per line between `{"entries":[` and `]}`.
package struct StoredEntries: Sequence, Sendable {
    let paths: [String]
    let onMalformedLine: (@Sendable (String, Int) -> Void)?

    package func makeIterator() -> Iterator { Iterator(paths: paths, onMalformedLine: onMalformedLine) }

    package final class Iterator: IteratorProtocol {
        private var paths: ArraySlice<String>
        private let onMalformedLine: ((String, Int) -> Void)?
        private var reader: LineReader?
        private var currentPath = ""

        init(paths: [String], onMalformedLine: ((String, Int) -> Void)?) {
            self.paths = paths[...]
            self.onMalformedLine = onMalformedLine
        }

        package func next() -> PerformanceEntry? {
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
