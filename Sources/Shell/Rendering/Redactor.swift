import JSON
import Script

/// Masks secrets before anything reaches a trace: Authorization and cookie values, headers,
/// query parameters and JSON members whose names say key, token, secret or password.
package enum Redactor {
    static let mask = SecretValues.mask

    /// The words that make a name secret, matched against whole words of the name (`api_key`,
    /// `X-Api-Key`, `accessToken`), never inside one: `keyboard_layout` and `tokenized` are not secrets.
    private static let secretWords: [StaticString] = ["key", "token", "secret", "password", "passwd", "apikey", "accesstoken", "authtoken"]

    /// Checked on bytes, case-insensitively, without building a lower-cased copy: every
    /// parameter of every line of a script passes here when its secrets are gathered.
    package static func isSecretName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            if equalsIgnoringCase(bytes, "authorization") || equalsIgnoringCase(bytes, "proxy-authorization")
                || equalsIgnoringCase(bytes, "cookie") || equalsIgnoringCase(bytes, "set-cookie")
            {
                return true
            }
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, isAlphanumeric(bytes[end]) {
                    end += 1
                    // `deviceKey`: a capital after a small letter starts a word.
                    if end < bytes.count, isUpper(bytes[end]), isLower(bytes[end - 1]) { break }
                }
                if end > start {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if secretWords.contains(where: { equalsIgnoringCase(word, $0) }) { return true }
                    start = end
                } else {
                    start += 1
                }
            }
            return false
        }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || (byte >= 48 && byte <= 57) }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { word in zip(bytes, word).allSatisfy { lower($0) == $1 } }
    }

    /// A header value as a trace shows it: `Basic ••••••` keeps the scheme; cookies keep their names.
    static func header(name: String, value: String) -> String {
        let lower = name.lowercased()
        if lower == "cookie" {
            return value.split(separator: ";").map { pair in
                let name = pair.split(separator: "=", maxSplits: 1).first.map { String($0.filter { $0 != " " }) } ?? ""
                return "\(name)=\(mask)"
            }.joined(separator: "; ")
        }
        if lower == "set-cookie" {
            let name = value.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return "\(name)=\(mask)" + (value.firstIndex(of: ";").map { String(value[$0...]) } ?? "")
        }
        guard isSecretName(name) else { return value }
        if lower.hasSuffix("authorization"), let space = value.firstIndex(of: " ") { return String(value[..<space]) + " " + mask }
        return mask
    }

    /// A URL with its password (`http://bob:pw@host/`) and the values of secret-named query
    /// parameters masked.
    package static func url(_ url: String) -> String {
        var url = url
        if let password = passwordRange(in: url) { url.replaceSubrange(password, with: mask) }
        guard let question = url.firstIndex(of: "?") else { return url }
        return String(url[...question]) + form(String(url[url.index(after: question)...]))
    }

    /// Where the password of `scheme://user:password@host/…` is, as written; `nil` when empty.
    static func passwordRange(in url: String) -> Range<String.Index>? {
        // On UTF-8 bytes, as `FoundSecret.firstSeparator`: most URLs have no userinfo, and the
        // Character walks below were 2% of a load run's CPU.
        let bytes = url.utf8
        guard bytes.contains(UInt8(ascii: "@")) else { return nil }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) else { return nil }
        let authority = url[bytes.index(colon, offsetBy: 3)...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return nil }
        let password = authority.index(after: colon)..<at
        return password.isEmpty ? nil : password
    }

    /// `a=1&password=x` with the values of secret-named fields masked.
    package static func form(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, isSecretName(String(parts[0]).percentDecoded(plusAsSpace: true)) else { return String(pair) }
            return parts[0] + "=" + mask
        }.joined(separator: "&")
    }

    /// `name=value&…` on one line, with no blanks: a form body sent without a content type.
    private static func looksLikeForm(_ text: String) -> Bool {
        guard let first = text.first, first != "{", first != "[", text.contains("=") else { return false }
        return !text.contains { $0 == " " || $0 == "\n" || $0 == "\"" }
    }

    /// A body with secret-named members masked: JSON members, and fields of a form body (by its
    /// content type, or its look when there is none) or a multipart one; other text as it is.
    package static func body(_ text: String, contentType: String? = nil) -> String {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") || (type.isEmpty && looksLikeForm(text)) { return form(text) }
        if let boundary = MultipartSecrets.boundary(of: contentType) {
            return MultipartSecrets.pieces(of: text, boundary: boundary, isSecret: isSecretName).map { piece in
                if case .text(let text) = piece { text } else { mask }
            }.joined()
        }
        guard let first = text.first, first == "{" || first == "[", let value = try? JSONParser.parse(text) else { return text }
        let masked = json(value)
        return masked == value ? text : JSONWriter.compact(masked)
    }

    package static func json(_ value: Value) -> Value {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, item) in object {
                // A container under a secret-ish name (`MiataruSetDeviceKey`) is opened rather than
                // hidden whole: its members are masked by their own names, and registered values by value.
                switch item {
                case .null, .object, .array: result[key] = json(item)
                default: result[key] = isSecretName(key) ? .string(mask) : item
                }
            }
            return .object(result)
        case .array(let items): return .array(items.map(json))
        default: return value
        }
    }
}

extension String {
    /// `%41` as `A`; a `%` not followed by two hex digits stays as written. `plusAsSpace`: a
    /// form's `+` is a space; a URL's userinfo keeps it a `+`.
    package func percentDecoded(plusAsSpace: Bool) -> String {
        guard utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && utf8.contains(UInt8(ascii: "+"))) else { return self }
        let bytes = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = Self.hexDigit(bytes[index + 1]),
                let low = Self.hexDigit(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusAsSpace && bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
