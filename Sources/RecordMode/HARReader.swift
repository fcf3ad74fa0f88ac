import JSON
import Platform
import SystemPackage
import Transport

/// Reads a HAR file (HAR 1.2 as browsers, mitmproxy's `hardump`, Proxyman and Charles write it)
/// into recorded exchanges, one entry at a time: the file is read in 1 MiB chunks and each entry
/// decoded as soon as it is complete, so memory holds the exchanges, not the file.
///
/// A file that is not a HAR is an error located by line and column. An entry that cannot be an
/// exchange (no `response`, a body that does not decode, not a HAR entry) is skipped, and the
/// skip says which entry and why; a file cut off inside an entry keeps the entries before it.
///
/// ```swift
/// let har = try HARReader.read(path: "app.har")
/// for skip in har.skipped { print("entry \(skip.entry) (line \(skip.line)): \(skip.reason)") }
/// let script = ScriptRecorder(catalog: .standard, options: options).script(from: har.exchanges)
/// ```
package enum HARReader {
    /// An entry left out, and why.
    package struct Skipped: Sendable, Equatable {
        /// Its place in `log.entries`, from 1.
        package var entry: Int
        /// The line its `{` is on.
        package var line: Int
        package var reason: String
    }

    /// What a file held.
    package struct Contents: Sendable {
        package var exchanges: [RecordedExchange]
        package var skipped: [Skipped]
        /// `log.entries` ended before the file did: it was cut off.
        package var truncated: Bool
    }

    static let chunkSize = 1 << 20

    /// - Throws: `HARReadError` when the file cannot be read or is not a HAR.
    package static func read(path: String) throws(HARReadError) -> Contents {
        try read(path: path, hands: false) { _ in }
    }

    /// Like `read(path:)`, but hands the exchanges over as they are read, each with its place in
    /// `log.entries` (from 1), one batch per chunk of the file, instead of keeping them: the
    /// `Contents` returned has none.
    package static func read(path: String, batches: ([(entry: Int, exchange: RecordedExchange)]) -> Void) throws(HARReadError) -> Contents {
        try read(path: path, hands: true, batches)
    }

    private static func read(
        path: String,
        hands: Bool,
        _ handing: ([(entry: Int, exchange: RecordedExchange)]) -> Void
    ) throws(HARReadError) -> Contents {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.opening(path, .readOnly)
        } catch {
            throw HARReadError(path: path, reason: error.description)
        }
        defer { try? descriptor.close() }
        var reading = Reading(path: path)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count: Int
            do {
                count = try FileError.attempt(path, "cannot read") { try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) } }
            } catch {
                throw HARReadError(path: path, reason: error.description)
            }
            if count == 0 { break }
            var failure: HARReadError?
            let more = chunk.withUnsafeBufferPointer { buffer in
                do throws(HARReadError) {
                    return try reading.feed(UnsafeBufferPointer(rebasing: buffer[..<count]))
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            if hands, !reading.contents.exchanges.isEmpty {
                handing(reading.numbered())
                reading.contents.exchanges.removeAll(keepingCapacity: true)
                reading.entries.removeAll(keepingCapacity: true)
            }
            if !more { break }
        }
        let contents = try reading.finish()
        if hands, !contents.exchanges.isEmpty {
            handing(reading.numbered())
            return Contents(exchanges: [], skipped: contents.skipped, truncated: contents.truncated)
        }
        return contents
    }

    /// Reads a HAR held in memory; `name` names it in errors.
    ///
    /// - Throws: `HARReadError` when the bytes are not a HAR.
    package static func read(_ bytes: [UInt8], name: String) throws(HARReadError) -> Contents {
        var reading = Reading(path: name)
        var failure: HARReadError?
        bytes.withUnsafeBufferPointer { buffer in
            do throws(HARReadError) {
                _ = try reading.feed(buffer)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return try reading.finish()
    }

    /// One file's reading: the scanner, and what its entries became.
    private struct Reading {
        let path: String
        var scanner = HAREntryScanner()
        var contents = Contents(exchanges: [], skipped: [], truncated: false)
        /// The place in `log.entries` of each of `contents.exchanges`.
        var entries: [Int] = []
        var index = 0

        init(path: String) { self.path = path }

        /// - Returns: whether more of the file is wanted.
        mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>) throws(HARReadError) -> Bool {
            var found: [([UInt8]?, Int)] = []
            do {
                try scanner.feed(buffer) { entry, line in found.append((entry, line)) }
            } catch {
                throw HARReadError(path: path, line: error.location.line, column: error.location.column, reason: error.reason)
            }
            for (bytes, line) in found { take(bytes, line: line) }
            return !scanner.isComplete
        }

        mutating func take(_ bytes: [UInt8]?, line: Int) {
            index += 1
            do throws(HARSkipReason) {
                guard let bytes else { throw HARSkipReason(reason: "larger than \(HAREntryScanner.entryLimit >> 20) MiB: left out") }
                guard let text = String(validating: bytes, as: UTF8.self) else { throw HARSkipReason(reason: "not JSON: not UTF-8") }
                let json: Value
                do {
                    json = try JSONParser.parse(text)
                } catch {
                    throw HARSkipReason(reason: "not JSON: \(error.reason)")
                }
                contents.exchanges.append(try RecordedExchange(harEntry: try HARArchive.Entry(json: json)))
                entries.append(index)
            } catch {
                contents.skipped.append(Skipped(entry: index, line: line, reason: error.reason))
            }
        }

        func numbered() -> [(entry: Int, exchange: RecordedExchange)] {
            zip(entries, contents.exchanges).map { (entry: $0, exchange: $1) }
        }

        mutating func finish() throws(HARReadError) -> Contents {
            let end = scanner.location
            guard scanner.foundEntries else {
                throw HARReadError(path: path, line: end.line, column: end.column, reason: "not a HAR file: it ends before a log.entries array")
            }
            if !scanner.isComplete {
                contents.truncated = true
                if scanner.endedInsideEntry {
                    contents.skipped.append(
                        Skipped(entry: index + 1, line: scanner.entryLine, reason: "the file ends inside it (cut off at line \(end.line))")
                    )
                }
            }
            return contents
        }
    }
}
