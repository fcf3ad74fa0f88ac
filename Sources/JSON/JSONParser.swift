/// A strict JSON parser (RFC 8259) producing `Value`, with the column of the first error.
package struct JSONParser {
    /// Why a text is not JSON, and where (0-based offset in Unicode scalars).
    package struct Failure: Error, Equatable, Sendable {
        package var offset: Int
        package var reason: String
    }

    private let bytes: [UInt8]
    /// Whether a number that does not fit (an integer beyond 64 bits, `1e999`) is an error rather
    /// than a rounded double or infinity: what a user types must go out as typed.
    private let exactNumbers: Bool
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ text: String, exactNumbers: Bool) {
        bytes = Array(text.utf8)
        self.exactNumbers = exactNumbers
    }

    /// Parses a complete JSON text; trailing non-blank characters are an error.
    ///
    /// - Parameter exactNumbers: refuse a number that has no exact value here (an integer beyond
    ///   64 bits, a number beyond Double's range) instead of rounding it: for JSON a user typed,
    ///   which `1.2345678901234567e+19` or `null` would misrepresent on the wire.
    package static func parse(_ text: String, exactNumbers: Bool = false) throws(Failure) -> Value {
        var parser = JSONParser(text, exactNumbers: exactNumbers)
        parser.skipBlanks()
        let value = try parser.parseValue()
        parser.skipBlanks()
        if parser.index < parser.bytes.count { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ reason: String) -> Failure {
        // Report the offset in scalars so a caret lands under the right character.
        var scalars = 0
        for byte in bytes[..<min(index, bytes.count)] where byte & 0xC0 != 0x80 { scalars += 1 }
        return Failure(offset: scalars, reason: reason)
    }

    private mutating func skipBlanks() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(Failure) -> Value {
        guard index < bytes.count else { throw failure("expected a value, found the end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a value (string, number, object, array, true, false or null)")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(Failure) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw failure("expected '\(word)'") }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("expected '\(word)'")
        }
        index += length
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var object = JSONObject()
        skipBlanks()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let key = try parseString()
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            index += 1
            skipBlanks()
            object[key] = try parseValue()
            skipBlanks()
            guard index < bytes.count else { throw failure("unterminated object: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [Value] = []
        skipBlanks()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipBlanks()
            items.append(try parseValue())
            skipBlanks()
            guard index < bytes.count else { throw failure("unterminated array: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        // Most strings hold no escape: made straight from the bytes between the quotes. Copying
        // byte by byte into a growing buffer was most of parsing an answer of the Miataru load
        // flow (callgrind).
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var buffer = Array(bytes[index..<end])
        index = end
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw failure("unpaired surrogate in \\u escape") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("invalid low surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw failure("unpaired surrogate in \\u escape")
                    }
                    buffer.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
                default:
                    index -= 1
                    throw failure("invalid escape in string")
                }
            case 0..<0x20:
                throw failure("control character in string (escape it)")
            default:
                // The run up to the next quote, escape or control byte in one copy: a HAR's bodies
                // are JSON inside JSON strings, an escape every few bytes (import har, perf).
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
                buffer.append(contentsOf: bytes[index..<end])
                index = end
            }
        }
        throw failure("unterminated string")
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> Value {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        if exactNumbers, isInteger { throw failure("\(text) does not fit in 64 bits (quote it to send it as text)") }
        guard let double = Double(text), double.isFinite || !exactNumbers else {
            throw failure("\(text) is out of range (beyond ±1.8e308)")
        }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension JSONParser {
    /// Whether `bytes` are a JSON number, `true`, `false` or `null` (checked without building
    /// a value): most typed parameters are, and need no full parse to be known valid.
    package static func isSimpleScalar(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8) || bytes.elementsEqual("null".utf8) { return true }
        var index = bytes.startIndex
        func digits() -> Bool {
            let start = index
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index > start
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() else { return false }
        // JSON allows no leading zeros: `0` alone, or `0.5`, but not `01`.
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        return index == bytes.endIndex
    }
}

extension JSONParser {
    /// The value of a JSON number, `true`, `false` or `null`, read without a parser; `nil` for
    /// anything else (which `parse` then reads), a number without an exact value included.
    /// Gives exactly what `parse(_:exactNumbers: true)` would.
    package static func simpleScalar(_ text: String) -> Value? {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: break
        }
        let bytes = Array(text.utf8)
        guard isSimpleScalar(bytes[...]) else { return nil }
        if !bytes.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            // An integer beyond 64 bits is left to `parse`, which says so.
            return Int(text).map(Value.int)
        }
        // `Value` takes `nil` as JSON null: say `.none` of the optional.
        guard let double = Double(text), double.isFinite else { return Optional<Value>.none }
        return .double(double)
    }

    /// Whether a simple scalar has an exact value (no integer beyond 64 bits, nothing beyond
    /// Double's range); short ones always do, so most typed parameters cost nothing more.
    package static func isExactScalar(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.count < 16, !bytes.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) { return true }
        return simpleScalar(String(decoding: bytes, as: UTF8.self)) != nil
    }
}
