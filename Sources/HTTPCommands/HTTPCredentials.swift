import Shell
// FoundationEssentials, not Foundation: base64 without pulling ICU's data into the static binary.
import FoundationEssentials

/// HTTPie's two ways of giving Basic credentials: `-a USER[:PASS]` and `http://USER:PASS@host/`.
///
/// The credentials leave the URL before anything else sees it, so no message, trace or `-v`
/// view can show them; the Authorization header they become is masked by name.
enum HTTPCredentials {
    /// The URL without its `user:password@` part, and that part percent-decoded.
    static func split(_ url: String) -> (url: String, userinfo: String?) {
        // Most URLs hold no `@`: one byte scan instead of the `Character` searches below (2% of a
        // load run's CPU).
        guard url.utf8.contains(UInt8(ascii: "@")), let schemeEnd = url.firstRange(of: "://") else { return (url, nil) }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return (url, nil) }
        let userinfo = percentDecoded(String(rest[..<at]))
        return (String(url[..<schemeEnd.upperBound]) + rest[rest.index(after: at)...], userinfo)
    }

    /// `Basic base64(USER:PASS)`; a USER alone gets an empty password, since a script cannot
    /// answer HTTPie's prompt.
    static func basic(_ credentials: String) -> String {
        let pair = credentials.contains(":") ? credentials : credentials + ":"
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }

    /// `%40` back to `@`; a `%` not followed by two hex digits stays as it is.
    static func percentDecoded(_ text: String) -> String {
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
