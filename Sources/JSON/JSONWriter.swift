/// Serialises `Value` as JSON text.
public enum JSONWriter {
    /// One line, no spaces: for wire bodies and `{{…}}` substitution.
    public static func compact(_ value: Value) -> String {
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indented, for showing results to a person.
    public static func pretty(_ value: Value) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        return out
    }

    static func write(_ value: Value, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number): out += formatDouble(number)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                write(item, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let object):
            if object.count == 0 { out += "{}"; return }
            out += "{"
            var first = true
            for (key, item) in object {
                if !first { out += "," }
                first = false
                newline(&out, indent, level + 1)
                writeString(key, into: &out)
                out += indent == nil ? ":" : ": "
                write(item, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// Integral doubles print without a fraction only when they were integers; others use Swift's shortest form.
    public static func formatDouble(_ number: Double) -> String {
        if !number.isFinite { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number)) + ".0"
        }
        return String(number)
    }

    public static func writeString(_ text: String, into out: inout String) {
        out += "\""
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
        out += "\""
    }
}
