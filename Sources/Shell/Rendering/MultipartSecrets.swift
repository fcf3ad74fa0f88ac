/// Where the values of secret-named fields stand in a `multipart/form-data` body (`curl -F
/// password=…`): a part named like a secret that is not a file is its value; the rest of the
/// body is kept as it was.
package enum MultipartSecrets {
    /// The boundary a `multipart/form-data; boundary=…` content type names; `nil` for another type.
    package static func boundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.drop { $0 == " " }
            guard pair.lowercased().hasPrefix("boundary=") else { continue }
            let value = pair.dropFirst("boundary=".count)
            let unquoted = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? value.dropFirst().dropLast() : value
            return unquoted.isEmpty ? nil : String(unquoted)
        }
        return nil
    }

    /// The body cut around the values of the parts `isSecret` names.
    package static func pieces(of body: String, boundary: String, isSecret: (String) -> Bool) -> [SecretPiece] {
        let bytes = Array(body.utf8)
        let delimiter = Array(("--" + boundary).utf8)
        let starts = occurrences(of: delimiter, in: bytes)
        var pieces: [SecretPiece] = []
        var cut = 0
        for (start, next) in zip(starts, starts.dropFirst()) {
            let part = start + delimiter.count..<next
            guard let blank = occurrences(of: Array("\r\n\r\n".utf8), in: bytes, within: part).first else { continue }
            let headers = String(decoding: bytes[part.lowerBound..<blank], as: UTF8.self)
            // The value ends at the line break before the next delimiter.
            var end = next
            if end - 2 >= blank + 4, bytes[end - 2] == 0x0D, bytes[end - 1] == 0x0A { end -= 2 }
            let value = blank + 4..<end
            guard let name = fieldName(in: headers), !value.isEmpty, isSecret(name) else { continue }
            pieces.append(.text(String(decoding: bytes[cut..<value.lowerBound], as: UTF8.self)))
            pieces.append(.secret(name: name, value: String(decoding: bytes[value], as: UTF8.self)))
            cut = value.upperBound
        }
        pieces.append(.text(String(decoding: bytes[cut...], as: UTF8.self)))
        return pieces.filter { $0 != .text("") }
    }

    /// The `name="…"` of a part's `Content-Disposition`; `nil` for a file (`filename=`).
    private static func fieldName(in headers: String) -> String? {
        guard let disposition = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-disposition:") }) else {
            return nil
        }
        var name: String?
        for parameter in disposition.split(separator: ";").dropFirst() {
            let pair = parameter.drop { $0 == " " }
            let lower = pair.lowercased()
            if lower.hasPrefix("filename") { return nil }
            if lower.hasPrefix("name=") { name = String(pair.dropFirst("name=".count).trimmingCharacters(in: "\"")) }
        }
        return name
    }

    private static func occurrences(of needle: [UInt8], in bytes: [UInt8], within range: Range<Int>? = nil) -> [Int] {
        let range = range ?? 0..<bytes.count
        guard !needle.isEmpty, range.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = range.lowerBound
        while index + needle.count <= range.upperBound {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var text = self
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}
