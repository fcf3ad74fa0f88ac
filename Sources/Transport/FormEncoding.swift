import HTTPTypes
import JSON

/// `application/x-www-form-urlencoded`, also used for query strings.
package enum FormEncoding {
    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// Whether `text` is RFC 3986's unreserved characters only: `escape` leaves it as it is.
    package static func isUnreserved(_ text: String) -> Bool {
        text.utf8.allSatisfy(isUnreserved)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters. Bytes, not characters:
    /// a load device escapes its 256-character Miataru key every iteration (SecretValues.add).
    package static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHex[Int(byte >> 4)])
                out.append(upperHex[Int(byte & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let upperHex = Array("0123456789ABCDEF".utf8)
}
