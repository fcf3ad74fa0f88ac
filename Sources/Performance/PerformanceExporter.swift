import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// JSON and CSV export, streamed: entries are encoded as they are read and written through a
/// buffer by `OutputFile`, which replaces a regular file only when complete.
package enum PerformanceExporter {
    /// Writes the kit's CSV (header, then one row per entry, CRLF as RFC 4180 says); returns the row count.
    @discardableResult
    package static func writeCSV<Entries: Sequence>(_ entries: Entries, to path: String) throws(FileError) -> Int
    where Entries.Element == PerformanceEntry {
        try OutputFile.write(to: path) { writer throws(FileError) in
            try writer.append { $0.append(utf8: EntryEncoding.csvHeader + "\r\n") }
            var count = 0
            for entry in entries {
                try writer.append { EntryEncoding.appendCSV(entry, to: &$0) }
                count += 1
            }
            return count
        }
    }

    /// Writes `{"entries":[...]}` with one entry per line, the daily files' format; returns the entry count.
    @discardableResult
    package static func writeJSON<Entries: Sequence>(_ entries: Entries, to path: String) throws(FileError) -> Int
    where Entries.Element == PerformanceEntry {
        try OutputFile.write(to: path) { writer throws(FileError) in
            try writer.append { $0.append(ascii: "{\"entries\":[") }
            var count = 0
            for entry in entries {
                try writer.append { bytes in
                    bytes.append(ascii: count == 0 ? "\n" : ",\n")
                    EntryEncoding.appendJSON(entry, to: &bytes)
                }
                count += 1
            }
            try writer.append { $0.append(ascii: "\n]}\n") }
            return count
        }
    }

    /// `2025-11-18T12:24:43.234Z`.
    package static func isoTimestamp(_ seconds: Double) -> String { Timestamps.iso(seconds) }

    /// One CSV row without its line ending.
    package static func csvLine(for entry: PerformanceEntry) -> String {
        var bytes: [UInt8] = []
        EntryEncoding.appendCSV(entry, to: &bytes)
        return String(decoding: bytes.dropLast(2), as: UTF8.self)
    }

    /// One entry as the kit's JSON object, on one line.
    package static func jsonObject(for entry: PerformanceEntry) -> String {
        var bytes: [UInt8] = []
        EntryEncoding.appendJSON(entry, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
