/// A URL's path and query as they may go on the wire: each byte RFC 3986 does not allow there
/// (`{`, `|`, `"`, non-ASCII …) percent-encoded, and the escapes already written kept as they are.
///
/// AsyncHTTPClient parses the URL with Foundation, which refuses `{` and then encodes the whole
/// URL again: `/d%20x/{y}` arrived as `/d%2520x/%7By%7D`. Given a URL with no byte left to
/// encode, it takes it as it is; so both transports send what this makes.
package enum URLEscaping {
    /// `url` with its path and query escaped; the same string when there is nothing to escape
    /// (every request passes here: checked on bytes first).
    package static func escapingPathAndQuery(_ url: String) -> String {
        var url = url
        return url.withUTF8 { bytes in
            // Blanks are left for `ParsedURL` to refuse, as URLSession refuses them.
            guard let start = pathStart(bytes),
                !bytes.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }),
                bytes[start...].contains(where: { needsEscape($0) }) || hasBarePercent(bytes, from: start)
            else {
                return nil
            }
            var out = Array(bytes[..<start])
            out.reserveCapacity(bytes.count + 16)
            let hex = Array("0123456789ABCDEF".utf8)
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if needsEscape(byte) || (byte == UInt8(ascii: "%") && !isEscape(bytes, at: index)) {
                    out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                } else {
                    out.append(byte)
                }
                index += 1
            }
            return String(decoding: out, as: UTF8.self)
        } ?? url
    }

    /// Where the path begins: after `scheme://authority`; `nil` for a URL without one.
    private static func pathStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index + 2 < bytes.count, bytes[index] != UInt8(ascii: ":") { index += 1 }
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else { return nil }
        index += 3
        while index < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[index]) { index += 1 }
        return index < bytes.count ? index : nil
    }

    /// A byte RFC 3986 allows in no part of a URL's path, query or fragment: not unreserved, not
    /// a delimiter, not `%`.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return false
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"):
            return false
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "@"):
            return false
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return false
        default:
            return true
        }
    }

    /// Whether a `%` at `index` begins an escape: two hex digits follow.
    private static func isEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
    }

    private static func hasBarePercent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        (start..<bytes.count).contains { bytes[$0] == UInt8(ascii: "%") && !isEscape(bytes, at: $0) }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
