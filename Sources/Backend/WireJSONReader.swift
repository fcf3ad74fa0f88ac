/// The backend's strict JSON reader: RFC 8259 and nothing more, failing where and how CPython's
/// `json` fails, so the backend's 422 carries the `loc` and `ctx.error` the real FastAPI servers give.
///
/// Why not Foundation's `JSONSerialization`: on Linux it accepts `[1,]`, `{"a":1,}` and a byte
/// order mark, refuses `1e400` (valid JSON), forgets whether `1.0` was written as an integer and
/// where each value was in the text, and says nothing Python would. Where Python itself is lax
/// (`NaN`, `Infinity`, lone surrogates such as `"\ud800"`, a UTF-8 BOM, UTF-8 that encodes a
/// surrogate) this reader refuses, with the nearest message Python has.
struct WireJSONReader {
    let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The one value the bytes hold, between optional blanks.
    mutating func document() throws(WireJSONError) -> WireJSON {
        // Python decodes the whole body before reading it: bad UTF-8 anywhere fails first.
        guard Self.isUTF8(bytes) else { throw WireJSONError(kind: .notUTF8, offset: 0) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw fail(.byteOrderMark) }
        skipBlanks()
        let value = try value()
        skipBlanks()
        guard offset == bytes.count else { throw fail(.extraData) }
        return value
    }

    /// Strict UTF-8: no overlong forms, no encoded surrogates, nothing past U+10FFFF.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(at index: Int) -> Bool { byte(at: index).map { (0x30...0x39).contains($0) } ?? false }

    /// The error at `index` (the current offset by default), counted in scalars as Python counts.
    private func fail(_ kind: WireJSONErrorKind, at index: Int? = nil) -> WireJSONError {
        let end = min(index ?? offset, bytes.count)
        return WireJSONError(kind: kind, offset: bytes[..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
    }

    private mutating func skipBlanks() {
        while let byte = byte(at: offset), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    /// A value starting exactly at the offset (callers skip blanks, as Python's scanner expects).
    private mutating func value() throws(WireJSONError) -> WireJSON {
        switch byte(at: offset) {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t") where literal("true"): return .bool(true)
        case UInt8(ascii: "f") where literal("false"): return .bool(false)
        case UInt8(ascii: "n") where literal("null"): return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count, word.withUTF8Buffer({ bytes[offset..<offset + count].elementsEqual($0) }) else { return false }
        offset += count
        return true
    }

    /// Steps into a container; `true` when it closes at once with `close`.
    private mutating func enter(closedBy close: UInt8) throws(WireJSONError) -> Bool {
        depth += 1
        if depth > WireJSON.maximumDepth { throw fail(.tooDeep) }
        offset += 1
        skipBlanks()
        return closes(with: close)
    }

    private mutating func closes(with close: UInt8) -> Bool {
        guard byte(at: offset) == close else { return false }
        offset += 1
        return true
    }

    /// After an item: `true` when `close` ends the container, `false` past the comma before the next item.
    private mutating func endsAfterItem(_ close: UInt8) throws(WireJSONError) -> Bool {
        skipBlanks()
        if closes(with: close) { return true }
        guard byte(at: offset) == UInt8(ascii: ",") else { throw fail(.expectingComma) }
        offset += 1
        skipBlanks()
        return false
    }

    private mutating func array() throws(WireJSONError) -> WireJSON {
        defer { depth -= 1 }
        var items: [WireJSON] = []
        if try enter(closedBy: UInt8(ascii: "]")) { return .array(items) }
        repeat {
            items.append(try value())
        } while try !endsAfterItem(UInt8(ascii: "]"))
        return .array(items)
    }

    private mutating func object() throws(WireJSONError) -> WireJSON {
        defer { depth -= 1 }
        var members: [WireJSON.Member] = []
        if try enter(closedBy: UInt8(ascii: "}")) { return .object(members) }
        repeat {
            guard byte(at: offset) == UInt8(ascii: "\"") else { throw fail(.expectingPropertyName) }
            let key = try string()
            skipBlanks()
            guard byte(at: offset) == UInt8(ascii: ":") else { throw fail(.expectingColon) }
            offset += 1
            skipBlanks()
            let start = offset
            let item = try value()
            members.append(WireJSON.Member(key: key, value: item, raw: start..<offset))
        } while try !endsAfterItem(UInt8(ascii: "}"))
        return .object(members)
    }

    /// A number, read the way Python reads one: `01` is `0` followed by extra data, and `1.` or
    /// `1e` end before the `.` or `e`, so the error lands where Python puts it.
    private mutating func number() throws(WireJSONError) -> WireJSON {
        let start = offset
        var end = offset
        if byte(at: end) == UInt8(ascii: "-") { end += 1 }
        guard isDigit(at: end) else { throw fail(.expectingValue) }
        if byte(at: end) == UInt8(ascii: "0") {
            end += 1
        } else {
            while isDigit(at: end) { end += 1 }
        }
        var isInteger = true
        if byte(at: end) == UInt8(ascii: "."), isDigit(at: end + 1) {
            isInteger = false
            end += 1
            while isDigit(at: end) { end += 1 }
        }
        if byte(at: end) == UInt8(ascii: "e") || byte(at: end) == UInt8(ascii: "E") {
            var exponent = end + 1
            if byte(at: exponent) == UInt8(ascii: "+") || byte(at: exponent) == UInt8(ascii: "-") { exponent += 1 }
            if isDigit(at: exponent) {
                isInteger = false
                while isDigit(at: exponent) { exponent += 1 }
                end = exponent
            }
        }
        offset = end
        return .number(String(decoding: bytes[start..<end], as: UTF8.self), isInteger: isInteger)
    }

    private mutating func string() throws(WireJSONError) -> String {
        let quote = offset
        offset += 1
        let start = offset
        // Most strings have no escapes: take them as one slice.
        while let byte = byte(at: offset), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { offset += 1 }
        if byte(at: offset) == UInt8(ascii: "\"") {
            offset += 1
            return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<offset])
        while true {
            guard let byte = byte(at: offset) else { throw fail(.unterminatedString, at: quote) }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &utf8, quote: quote)
            case ..<0x20:
                throw fail(.controlCharacter)
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    /// The escape at the offset (a backslash), appended to `utf8` as UTF-8.
    private mutating func escape(into utf8: inout [UInt8], quote: Int) throws(WireJSONError) {
        let backslash = offset
        guard let escaped = byte(at: offset + 1) else { throw fail(.unterminatedString, at: quote) }
        offset += 2
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let u = backslash + 1
            var code = try hex4(after: u)
            offset = u + 5
            if (0xDC00...0xDFFF).contains(code) { throw fail(.loneSurrogate, at: u) }
            if (0xD800...0xDBFF).contains(code) {
                guard byte(at: offset) == UInt8(ascii: "\\"), byte(at: offset + 1) == UInt8(ascii: "u") else { throw fail(.loneSurrogate, at: u) }
                let low = try hex4(after: offset + 1)
                guard (0xDC00...0xDFFF).contains(low) else { throw fail(.loneSurrogate, at: u) }
                offset += 6
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            // Every code outside the surrogates is a scalar.
            utf8.append(contentsOf: String(Unicode.Scalar(code)!).utf8)
        default:
            throw fail(.invalidEscape, at: backslash)
        }
    }

    /// The four hex digits after the `u` at `u`. Like Python, a string must go on after them.
    private func hex4(after u: Int) throws(WireJSONError) -> UInt32 {
        guard u + 5 < bytes.count else { throw fail(.invalidUnicodeEscape, at: u) }
        var code: UInt32 = 0
        for byte in bytes[u + 1...u + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail(.invalidUnicodeEscape, at: u)
            }
            code = code << 4 | UInt32(digit)
        }
        return code
    }
}
