/// Secrets a recognizer may use to decode, by name (`hamon.key`: the payload key's bytes). A
/// recognizer decodes only with what it is given; without the key it shows what it can, and says so.
package struct RecognizerKeys: Sendable {
    private var keys: [String: [UInt8]]

    package init(_ keys: [String: [UInt8]] = [:]) { self.keys = keys }

    package subscript(name: String) -> [UInt8]? {
        get { keys[name] }
        set { keys[name] = newValue }
    }

    /// A key as given on a command line (`--secret hamon.key=VALUE`): the value's bytes, or with
    /// `hex:` the bytes its digits spell (a key that is not text); `nil` for `hex:` and digits
    /// that spell no bytes. The proxy and the recorder read `--secret` the same way through it.
    package static func bytes(of value: String) -> [UInt8]? {
        guard value.hasPrefix("hex:") else { return Array(value.utf8) }
        let digits = Array(value.utf8.dropFirst(4))
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...(index + 1)], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
