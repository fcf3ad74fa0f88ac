/// JSON as the backend reads it off the wire, with its own byte-level parser: the backend shares
/// no decoding code with the client, so a client bug cannot hide behind a shared type.
///
/// Numbers keep their text and whether they were written as integers, which is what FastAPI-style
/// type checks need (`1731927483234` is an integer, `1.5` and `true` are not).
indirect enum WireJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String, isInteger: Bool)
    case string(String)
    case array([WireJSON])
    /// Members in order, each with the byte range of its value in the parsed text.
    case object([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: WireJSON
        var raw: Range<Int>
    }

    subscript(key: String) -> WireJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    func member(_ key: String) -> Member? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }
    }

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .number(_, let isInteger): return isInteger ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Parses a whole document; trailing non-blank bytes are an error.
    static func parse(_ bytes: [UInt8]) throws(WireJSONError) -> WireJSON {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipBlanks()
        guard reader.offset == bytes.count else { throw WireJSONError(offset: reader.offset, reason: "extra data after the document") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func skipBlanks() {
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
                offset += 1
            }
        }

        func fail(_ reason: String) -> WireJSONError { WireJSONError(offset: offset, reason: reason) }

        mutating func value(depth: Int) throws(WireJSONError) -> WireJSON {
            guard depth < 128 else { throw fail("nested too deeply") }
            skipBlanks()
            guard offset < bytes.count else { throw fail("unexpected end of data") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["):
                offset += 1
                var items: [WireJSON] = []
                skipBlanks()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipBlanks()
                    guard offset < bytes.count else { throw fail("unterminated array") }
                    if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    guard bytes[offset] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                    offset += 1
                    return .array(items)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return try number()
            }
        }

        mutating func object(depth: Int) throws(WireJSONError) -> WireJSON {
            offset += 1
            var members: [Member] = []
            skipBlanks()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            while true {
                skipBlanks()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let key = try string()
                skipBlanks()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                offset += 1
                skipBlanks()
                let start = offset
                let item = try value(depth: depth + 1)
                members.append(Member(key: key, value: item, raw: start..<offset))
                skipBlanks()
                guard offset < bytes.count else { throw fail("unterminated object") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                guard bytes[offset] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                offset += 1
                return .object(members)
            }
        }

        mutating func literal(_ word: StaticString) throws(WireJSONError) {
            let count = word.utf8CodeUnitCount
            guard offset + count <= bytes.count,
                word.withUTF8Buffer({ bytes[offset..<offset + count].elementsEqual($0) })
            else { throw fail("invalid literal") }
            offset += count
        }

        mutating func number() throws(WireJSONError) -> WireJSON {
            let start = offset
            var isInteger = true
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let digitsStart = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            guard offset > digitsStart else { throw fail("unexpected character") }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                isInteger = false
                offset += 1
                let fraction = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                guard offset > fraction else { throw fail("digits expected after '.'") }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                isInteger = false
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
                let exponent = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                guard offset > exponent else { throw fail("digits expected in exponent") }
            }
            return .number(String(decoding: bytes[start..<offset], as: UTF8.self), isInteger: isInteger)
        }

        mutating func string() throws(WireJSONError) -> String {
            offset += 1
            let start = offset
            // Most strings have no escapes: take them as one slice.
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"), bytes[offset] >= 0x20 {
                offset += 1
            }
            guard offset < bytes.count else { throw fail("unterminated string") }
            if bytes[offset] == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: bytes[start..<(offset - 1)], as: UTF8.self)
            }
            var scalars = Array(bytes[start..<offset])
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard offset < bytes.count else { throw fail("unterminated escape") }
                    let escaped = bytes[offset]
                    offset += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                            bytes[offset + 1] == UInt8(ascii: "u")
                        {
                            offset += 2
                            let low = try hex4()
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        scalars.append(contentsOf: Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8))
                    default: throw fail("invalid escape")
                    }
                default:
                    guard byte >= 0x20 else { throw fail("control character in string") }
                    scalars.append(byte)
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(WireJSONError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw fail("short \\u escape") }
            var code: UInt32 = 0
            for byte in bytes[offset..<offset + 4] {
                code <<= 4
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): code |= UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): code |= UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): code |= UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw fail("invalid \\u escape")
                }
            }
            offset += 4
            return code
        }
    }
}

struct WireJSONError: Error, Sendable {
    var offset: Int
    var reason: String
}

/// Writing JSON text for answers and for `backend received`.
enum WireText {
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension WireJSON {
    /// Compact JSON text (numbers as they were written).
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let digits, _): return digits
        case .string(let string): return WireText.quote(string)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { WireText.quote($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }
}
