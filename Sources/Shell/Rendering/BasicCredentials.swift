// FoundationEssentials, not Foundation: base64 without pulling ICU's data into the static binary.
import FoundationEssentials

/// `USER:PASS` as HTTP Basic authentication carries it, for the request that sends it and for
/// the secrets that must mask every form it takes.
public enum BasicCredentials {
    /// `base64(USER:PASS)`; a USER alone gets an empty password, since a script cannot answer
    /// HTTPie's prompt.
    public static func encoded(_ credentials: String) -> String {
        let pair = credentials.contains(":") ? credentials : credentials + ":"
        return Data(pair.utf8).base64EncodedString()
    }

    /// The `Authorization` value: `Basic base64(USER:PASS)`.
    public static func header(_ credentials: String) -> String { "Basic " + encoded(credentials) }

    /// The password of `USER:PASS` (empty for a USER alone).
    static func password(_ credentials: String) -> String {
        credentials.firstIndex(of: ":").map { String(credentials[credentials.index(after: $0)...]) } ?? ""
    }
}

extension BasicCredentials {
    /// `%40` back to `@`; a `%` not followed by two hex digits stays as it is (and `+` is a `+`:
    /// this is a URL's userinfo, not a form).
    public static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
