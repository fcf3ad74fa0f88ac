import CCrypto

/// SHA-256 through libcrypto.
package enum SHA256Digest {
    /// Lower-case hex SHA-256 of `bytes`.
    package static func hex<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let input = Array(bytes)
        let ok = input.withUnsafeBytes { input in
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
