import CCrypto

/// New DeviceKeys: 256 characters from the iOS client's alphabet, drawn from OpenSSL's CSPRNG.
///
/// The client's own `Int.random(in:)` is uniform; a byte taken modulo the alphabet's 88
/// characters would not be (the first 80 characters would come up 3 times in 256 draws for every
/// 2 of the rest), so bytes at or above the largest multiple of 88 are thrown away and drawn again.
package enum DeviceKeyGenerator {
    /// The characters a generated key is made of, as the iOS client lists them.
    package static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()_+-=[]{}|;:,.<>?".utf8)
    /// The length of a generated key, which is also the most the server accepts.
    package static let length = 256
    /// Bytes below this map evenly onto the alphabet (176 = 2 × 88).
    static let acceptedBelow = 256 - 256 % alphabet.count

    /// A new random key.
    package static func generate() -> String {
        generate { buffer in
            // RAND_bytes fails only when the system has no entropy source at all.
            precondition(buffer.withUnsafeMutableBytes { sdk_random_bytes($0.baseAddress, $0.count) } == 1, "OpenSSL RAND_bytes failed")
        }
    }

    /// A key from the bytes `fill` supplies: the rejection rule, testable with chosen bytes.
    ///
    /// - Parameter fill: overwrites every byte of the buffer it is given with random bytes.
    static func generate(fill: (inout [UInt8]) -> Void) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(length)
        var buffer = [UInt8](repeating: 0, count: length)
        while key.count < length {
            fill(&buffer)
            for byte in buffer where Int(byte) < acceptedBelow && key.count < length {
                key.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
