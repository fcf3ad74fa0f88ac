/// Serialises `Value` as JSON text, into bytes: wire bodies are built a million times a run,
/// and appending bytes costs a fraction of appending Unicode scalars to a String.
package enum JSONWriter {
    /// One line, no spaces: for wire bodies and `{{…}}` substitution.
    package static func compact(_ value: Value) -> String {
        var bytes: [UInt8] = []
        appendCompact(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Two-space indented, for showing results to a person.
    package static func pretty(_ value: Value) -> String {
        var bytes: [UInt8] = []
        write(value, into: &bytes, indented: true, level: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact form of `value` to `bytes`.
    package static func appendCompact(_ value: Value, to bytes: inout [UInt8]) {
        write(value, into: &bytes, indented: false, level: 0)
    }

    static func write(_ value: Value, into out: inout [UInt8], indented: Bool, level: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): out.append(contentsOf: formatDouble(number).utf8)
        case .string(let text): appendString(text, to: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indented, level + 1)
                write(item, into: &out, indented: indented, level: level + 1)
            }
            newline(&out, indented, level)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.count == 0 {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, item) in object {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(&out, indented, level + 1)
                appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if indented { out.append(UInt8(ascii: " ")) }
                write(item, into: &out, indented: indented, level: level + 1)
            }
            newline(&out, indented, level)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indented: Bool, _ level: Int) {
        guard indented else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<level { out.append(contentsOf: "  ".utf8) }
    }

    /// Integral doubles print without a fraction only when they were integers; others use Swift's shortest form.
    package static func formatDouble(_ number: Double) -> String {
        if !number.isFinite { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number)) + ".0"
        }
        return String(number)
    }

    /// Appends `text` as a JSON string; text without quotes, backslashes or control characters
    /// (nearly all of it) is copied in one go.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                out.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
                case 0..<0x20:
                    let digits = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: #"\u00"#.utf8)
                    out.append(digits[Int(byte >> 4)])
                    out.append(digits[Int(byte & 15)])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
