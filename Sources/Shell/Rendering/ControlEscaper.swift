/// Text from servers and files shown on a terminal with its control characters made visible
/// (`\x1b`), so a response body or a metadata value cannot move the cursor, retitle the window
/// or hide what came before. Newlines and tabs stay as they are.
enum ControlEscaper {
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && scalar != "\n" && scalar != "\t") || value == 0x7F {
                out += "\\x" + (value < 0x10 ? "0" : "") + String(value, radix: 16)
            } else if (0x80...0x9F).contains(value) {
                out += "\\u{" + String(value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
