/// A named source text: a script file, `<repl>`, `<stdin>` or `<command-line>`.
package struct SourceFile: Sendable {
    package let name: String
    /// The UTF-8 text. Parsers share this array (copy-on-write) instead of copying it: a
    /// ten-megabyte script is held once however many cores check it.
    package let bytes: [UInt8]

    package init(name: String, text: String) {
        self.name = name
        self.bytes = Self.unixLineEnds(Array(text.utf8))
    }

    package init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// A file's bytes as read; a UTF-8 byte-order mark is dropped (editors on Windows write one)
    /// and invalid UTF-8 is replaced (U+FFFD), as a text source would have it.
    package init(name: String, fileBytes: [UInt8]) {
        self.name = name
        let fileBytes = fileBytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(fileBytes.dropFirst(3)) : fileBytes
        if String(validating: fileBytes, as: UTF8.self) != nil {
            bytes = Self.unixLineEnds(fileBytes)
        } else {
            bytes = Self.unixLineEnds(Array(String(decoding: fileBytes, as: UTF8.self).utf8))
        }
    }

    /// `bytes` with each CR LF made LF: a file saved on Windows runs as the same file saved
    /// on Linux, whatever reads its text later (a test's name, an echoed line, a listing); a
    /// CR alone stays. In Swift, "\r\n" is one `Character`, so a `split(separator: "\n")` over
    /// the text would not split there.
    static func unixLineEnds(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.indices.first(where: { bytes[$0] == 0x0D && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x0A }) else {
            return bytes
        }
        var result = Array(bytes[..<first])
        result.reserveCapacity(bytes.count)
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            if byte != 0x0D || index + 1 == bytes.count || bytes[index + 1] != 0x0A { result.append(byte) }
            index += 1
        }
        return result
    }

    /// The text as a string (invalid UTF-8 replaced), made on each use.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text of a 1-based line, without its line terminator.
    package func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if current == number { break }
                current += 1
                lineStart = index + 1
            }
            index += 1
        }
        guard current == number else { return nil }
        var line = String(decoding: bytes[lineStart..<index], as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
