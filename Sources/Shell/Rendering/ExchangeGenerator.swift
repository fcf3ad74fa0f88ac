import JSON
import Transport

/// An HTTP exchange as HTTPie's verbose view shows it: request line, headers, body; then the
/// status line, headers and body. Secrets are masked; views that were never sent (a decrypted
/// payload) are labelled as such.
package enum ExchangeGenerator {
    /// Bodies longer than this are cut, with the number of bytes left out.
    static let bodyLimit = 2048

    /// - Parameter secrets: when a labelled view of the body (Hamon's decrypted payload) holds one
    ///   of them, the body itself is shown masked: its encryption key is public, so the ciphertext
    ///   gives the secret away as surely as the plaintext.
    /// - Parameter bodyLimit: the bytes of each body shown before it is cut.
    package static func render(_ exchange: Exchange, secrets: SecretValues? = nil, bodyLimit: Int = bodyLimit) -> String {
        var out = ""
        let request = exchange.request
        let url = request.fullURL
        let parsed = try? ParsedURL(url)
        out += "\(request.method.rawValue) \(Redactor.url(parsed?.pathAndQuery ?? url)) HTTP/1.1\n"
        if let parsed { out += "Host: \(parsed.authority)\n" }
        for field in request.headers { out += headerLine(field.name.rawName, field.value) }
        if let body = request.bodyBytes, !body.isEmpty {
            if let secrets, request.traceNotes.contains(where: { secrets.occurs(in: $0.text) }) {
                out += "\n" + Self.masked(body) + "\n"
            } else {
                out += "\n" + bodyText(body, contentType: request.headers[values: .contentType].first, limit: bodyLimit) + "\n"
            }
        }
        for note in request.traceNotes {
            out += "\n-- \(note.label) (not sent as such) --\n" + cut(Redactor.body(note.text), limit: bodyLimit) + "\n"
        }
        out += "\n"
        switch exchange.result {
        case .success(let response):
            let onWire = response.bodyBytesOnWire.map { ", \($0) bytes on the wire, \(response.body.count) decoded" } ?? ""
            out += "HTTP/1.1 \(response.status.codeAndReason)  (\(milliseconds(response.duration))\(onWire))\n"
            for field in response.headers { out += headerLine(field.name.rawName, field.value) }
            if !response.body.isEmpty {
                out += "\n" + bodyText(response.body, contentType: response.headers[values: .contentType].first, limit: bodyLimit) + "\n"
            }
        case .failure(let error):
            out += "-- no response: \(error) (\(milliseconds(exchange.duration))) --\n"
        }
        return out
    }

    /// A body whose decoded view holds a secret: every string member of a JSON object masked
    /// (`{"payload":"***"}`), any other body masked whole.
    private static func masked(_ body: [UInt8]) -> String {
        guard case .object(let object)? = try? JSONParser.parse(String(decoding: body, as: UTF8.self)) else { return Redactor.mask }
        var shown = JSONObject()
        for (key, value) in object {
            if case .string = value { shown[key] = .string(Redactor.mask) } else { shown[key] = value }
        }
        return JSONWriter.compact(.object(shown))
    }

    /// `Name: value` as sent or received, the value masked when the name says it is a secret.
    package static func headerLine(_ name: String, _ value: String) -> String {
        "\(name): \(Redactor.header(name: name, value: value))\n"
    }

    /// The whole body is redacted before it is cut: a secret member past the cut must not be
    /// shown because the cut text no longer parses.
    private static func bodyText(_ bytes: [UInt8], contentType: String?, limit: Int) -> String {
        if isBinary(bytes) {
            return
                "+-----------------------------------------+\n| NOTE: binary data not shown (\(bytes.count) bytes) |\n+-----------------------------------------+"
        }
        let redacted = Redactor.body(String(decoding: bytes, as: UTF8.self), contentType: contentType)
        return cut(redacted, total: redacted.utf8.count, limit: limit)
    }

    /// Whether a body is not text a terminal should be given: not UTF-8, or holding NUL or
    /// other control characters (escape sequences would drive the terminal) besides line breaks and tabs.
    package static func isBinary(_ bytes: [UInt8]) -> Bool {
        guard String(validating: bytes, as: UTF8.self) != nil else { return true }
        return bytes.contains { $0 < 0x20 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
    }

    private static func cut(_ text: String, total: Int? = nil, limit: Int) -> String {
        let count = total ?? text.utf8.count
        guard text.utf8.count > limit else { return text }
        let kept = String(decoding: text.utf8.prefix(limit), as: UTF8.self)
        return kept + "… (\(count - limit) more bytes)"
    }

    package static func milliseconds(_ seconds: Double) -> String {
        let millis = seconds * 1000
        return millis < 10 ? "\(Double(Int(millis * 100)) / 100) ms" : "\(Int(millis.rounded())) ms"
    }
}
