import JSON
import Shell

/// Where the values of secret-named members stand in a JSON text, so a body sent `--raw` keeps
/// every byte but theirs: `{"user": "ada", "password": "x"}` is the text around one value. A
/// string's value is its text between the quotes as written (escapes and all), a number's its
/// digits, so the variable put back sends the same bytes.
enum JSONTextSecrets {
    /// The text cut around the values of the members `isSecret` names, at any depth.
    static func pieces(of text: String, isSecret: (String) -> Bool) -> [SecretPiece] {
        let bytes = Array(text.utf8)
        var pieces: [SecretPiece] = []
        var start = 0
        var index = 0
        // The member whose value comes next, until something other than blanks comes.
        var key: String?
        func cut(_ value: Range<Int>, of member: String) {
            pieces.append(.text(String(decoding: bytes[start..<value.lowerBound], as: UTF8.self)))
            pieces.append(.secret(name: member, value: String(decoding: bytes[value], as: UTF8.self)))
            start = value.upperBound
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = stringEnd(bytes, from: index)
                var after = end + 1
                while after < bytes.count, isBlank(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                    key = name(bytes[index...min(end, bytes.count - 1)])
                    index = after + 1
                    continue
                }
                if let member = key, end > index + 1, end < bytes.count, isSecret(member) { cut(index + 1..<end, of: member) }
                key = nil
                index = end + 1
            } else if key != nil, byte == UInt8(ascii: "-") || isDigit(byte) {
                var end = index
                while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
                if let member = key, isSecret(member) { cut(index..<end, of: member) }
                key = nil
                index = end
            } else {
                if !isBlank(byte) { key = nil }
                index += 1
            }
        }
        pieces.append(.text(String(decoding: bytes[start...], as: UTF8.self)))
        return pieces.filter { $0 != .text("") }
    }

    /// The index of the quote that closes the string opened at `open`; `bytes.count` when none does.
    private static func stringEnd(_ bytes: [UInt8], from open: Int) -> Int {
        var index = open + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { return index }
            index += 1
        }
        return bytes.count
    }

    /// A member's name, its escapes read (`"pass\u0077ord"` is `password`).
    private static func name(_ quoted: ArraySlice<UInt8>) -> String {
        let text = String(decoding: quoted, as: UTF8.self)
        if case .string(let name)? = try? JSONParser.parse(text) { return name }
        return String(text.dropFirst().dropLast())
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
    }
}
