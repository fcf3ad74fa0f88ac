import CCrypto

/// SHA-256 via libcrypto, so a user id is stored only as its digest.
package enum UserHash {
    /// Lower-case hex SHA-256 of the UTF-8 bytes of `text`.
    package static func sha256Hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(text.utf8)
        let ok = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { sdk_sha256(input.baseAddress, input.count, $0.baseAddress) }
        }
        precondition(ok == 1, "libcrypto SHA-256 failed")
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
