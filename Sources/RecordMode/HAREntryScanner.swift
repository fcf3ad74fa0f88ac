/// Finds the objects of a HAR's `log.entries` array in its bytes as they are read, chunk by
/// chunk, so a 1 GB file is never held whole: only the entry being read is kept, and each is
/// handed on (`feed`) as soon as its closing `}` arrives.
///
/// It checks only what it must to find the entries (the file is a JSON object, `entries` is an
/// array of objects); each entry's own JSON is checked when it is decoded.
struct HAREntryScanner {
    /// Where a problem is, as an editor counts: from 1.
    struct Location: Equatable {
        var line: Int
        var column: Int
    }

    struct Failure: Error, Equatable {
        var location: Location
        var reason: String
    }

    private enum Phase {
        /// Before the first byte that is not a blank.
        case start
        /// Inside the document, looking for `"entries": [` in the `log` object.
        case seeking
        /// Inside the entries array, whose `[` is at `depth`.
        case entries
        /// After the array's `]`: the rest is not read.
        case done
    }

    private var phase = Phase.start
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The last string read at the `log` object's level (short ones only: the key sought is 7 bytes).
    private var key: [UInt8] = []
    private var keyTooLong = false
    private var lastKey: [UInt8] = []
    private var sawColonAfterEntriesKey = false
    /// The entry being read, across chunks.
    private var entry: [UInt8] = []
    /// The entry being read is larger than `entryLimit`: its bytes are no longer kept.
    private var oversized = false
    private var capturing = false
    private(set) var entryLine = 0
    private var line = 1
    private var lineStart = 0
    /// Bytes read before the current chunk.
    private var consumed = 0

    /// Whether the `entries` array was found and closed.
    var isComplete: Bool { if case .done = phase { true } else { false } }
    /// Whether the `entries` array was found.
    var foundEntries: Bool {
        switch phase {
        case .entries, .done: true
        default: false
        }
    }
    /// Whether the file ended inside an entry.
    var endedInsideEntry: Bool { capturing }
    var location: Location { Location(line: line, column: consumed - lineStart + 1) }

    /// Reads `chunk`, handing each complete entry's bytes and the line it began on to `found`.
    ///
    /// An entry larger than `entryLimit` is handed over as `nil`: a HAR of one 1 GB body would
    /// otherwise be held whole, then parsed into a string as large.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, found: (_ entry: [UInt8]?, _ line: Int) -> Void) throws(Failure) {
        var captureStart = capturing ? 0 : -1
        var index = 0
        let count = chunk.count
        while index < count {
            if inString, capturing, !escaped {
                // Most of a HAR is string bytes inside entries: on to the next byte that matters
                // (the scanner was 8% of import har's time byte by byte; perf).
                while index < count {
                    let byte = chunk[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\n") { break }
                    index += 1
                }
                if index == count { break }
            }
            let byte = chunk[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = consumed + index + 1
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 2, !capturing { lastKey = keyTooLong ? [] : key }
                } else if depth == 2, !capturing {
                    if key.count < 16 { key.append(byte) } else { keyTooLong = true }
                }
                index += 1
                continue
            }
            switch phase {
            case .start:
                if isBlank(byte) || (consumed + index < 3 && (byte == 0xEF || byte == 0xBB || byte == 0xBF)) { break }
                guard byte == UInt8(ascii: "{") else { throw failure(at: index, "not JSON: a HAR file starts with '{'") }
                depth = 1
                phase = .seeking
            case .seeking:
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    key.removeAll(keepingCapacity: true)
                    keyTooLong = false
                    sawColonAfterEntriesKey = false
                case UInt8(ascii: ":"):
                    sawColonAfterEntriesKey = depth == 2 && lastKey == Self.entriesKey
                case UInt8(ascii: "["):
                    depth += 1
                    if depth == 3, sawColonAfterEntriesKey { phase = .entries }
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { throw failure(at: index, "not a HAR file: no log.entries array") }
                default:
                    if !isBlank(byte) { sawColonAfterEntriesKey = false }
                }
            case .entries:
                if capturing {
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 3 {
                            keep(UnsafeBufferPointer(rebasing: chunk[captureStart...index]))
                            capturing = false
                            captureStart = -1
                            found(oversized ? nil : entry, entryLine)
                            entry.removeAll(keepingCapacity: entry.count <= 1 << 20)
                            oversized = false
                        }
                    default: break
                    }
                    break
                }
                switch byte {
                case UInt8(ascii: "{"):
                    depth += 1
                    capturing = true
                    captureStart = index
                    entryLine = line
                case UInt8(ascii: "]"):
                    depth -= 1
                    phase = .done
                    return
                case UInt8(ascii: ","): break
                default:
                    if !isBlank(byte) { throw failure(at: index, "log.entries holds something that is not an entry object") }
                }
            case .done:
                return
            }
            index += 1
        }
        if capturing, captureStart >= 0, captureStart < count {
            keep(UnsafeBufferPointer(rebasing: chunk[captureStart..<count]))
        }
        consumed += count
    }

    private static let entriesKey = Array("entries".utf8)

    /// The largest entry read: 64 MiB, a body of about 48 MiB in base64.
    static let entryLimit = 64 << 20

    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !oversized else { return }
        if entry.count + bytes.count > Self.entryLimit {
            oversized = true
            entry = []
            return
        }
        entry.append(contentsOf: bytes)
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    private func failure(at index: Int, _ reason: String) -> Failure {
        Failure(location: Location(line: line, column: consumed + index - lineStart + 1), reason: reason)
    }
}
