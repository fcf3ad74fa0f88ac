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

extension WireText {
    /// A JSON object from members whose values are already JSON text, in the order given.
    static func object(_ members: [(key: String, json: String)]) -> String {
        "{" + members.map { quote($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
    }
}
