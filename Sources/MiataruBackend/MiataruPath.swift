import Backend

/// A path the real server takes for one of its calls whatever the case, as Express routes:
/// `/v1/<name>` or `/<name>`, and `GetLocationGeoJSON/<id>`.
struct MiataruPath: Equatable {
    var call: MiataruCall
    /// Under `/v1`.
    var versioned: Bool
    /// The device id after `GetLocationGeoJSON/`, percent-decoded.
    var id: String?

    init?(_ path: String) {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.last == "" { segments = segments.dropLast() }
        versioned = segments.count > 1 && segments.first?.lowercased() == "v1"
        if versioned { segments = segments.dropFirst() }
        guard let name = segments.first, let call = MiataruCall.named(ignoringCase: name) else { return nil }
        self.call = call
        switch segments.count {
        case 1: id = nil
        case 2 where call == .getLocationGeoJSON: id = Self.percentDecoded(segments.last!)
        default: return nil
        }
    }

    /// The path as the server spells it.
    var canonical: String { (versioned ? "/v1/" : "/") + call.rawValue + (id.map { "/" + $0 } ?? "") }

    /// Whether an unrouted path is Miataru's to answer: a call in any case, anything else under
    /// `/v1` (Hamon's `/v1/users` is matched first), and the root.
    static func isMiataru(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered == "/" || lowered == "/v1" || lowered.hasPrefix("/v1/") || MiataruPath(path) != nil
    }

    /// `%XX` sequences as the bytes they stand for; a path that does not decode to UTF-8 stays as sent.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }
}
