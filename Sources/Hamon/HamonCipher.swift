import CCrypto

/// The Hamon payload cipher: AES-256-CBC with PKCS#7 padding and a zero IV, the IV sent in front
/// of the ciphertext, all in base64.
///
/// The key is the SDK's literal reversed character by character. The seed also prints a
/// "reversed" string, which has two characters swapped; the real SDKs reverse the literal.
public enum HamonCipher {
    /// The literal as it appears in the SDK source.
    public static let keyLiteral = "5X<#)kRN+)S-2=9A<T,oQk4BUP?ACPVk"
    /// The 32 key bytes: the literal reversed.
    public static let key: [UInt8] = Array(keyLiteral.utf8.reversed())
    static let iv = [UInt8](repeating: 0, count: 16)

    /// base64(IV ‖ AES-256-CBC(plaintext)).
    public static func encrypt(_ plaintext: [UInt8]) -> String {
        var sealed = [UInt8](repeating: 0, count: 16 + plaintext.count + 16)
        let length = sealed.withUnsafeMutableBufferPointer { out in
            plaintext.withUnsafeBytes { input in
                sdk_aes256cbc_encrypt(key, iv, input.baseAddress, input.count, out.baseAddress! + 16, out.count - 16)
            }
        }
        // Encryption cannot fail with a valid key and enough room; both are guaranteed above.
        precondition(length >= 0, "AES-256-CBC encryption failed")
        sealed.removeLast(sealed.count - 16 - length)
        return Base64.encode(sealed)
    }

    /// The plaintext of a payload, or why there is none.
    public static func decrypt(_ payload: String) throws(HamonCipherError) -> [UInt8] {
        guard let sealed = Base64.decode(payload) else { throw .notBase64 }
        guard sealed.count >= 32, (sealed.count - 16) % 16 == 0 else { throw .wrongLength(sealed.count) }
        var plain = [UInt8](repeating: 0, count: sealed.count)
        let length = plain.withUnsafeMutableBufferPointer { out in
            sealed.withUnsafeBufferPointer { input in
                sdk_aes256cbc_decrypt(key, input.baseAddress!, input.baseAddress! + 16, input.count - 16, out.baseAddress!, out.count)
            }
        }
        guard length >= 0 else { throw .badPadding }
        plain.removeLast(plain.count - length)
        return plain
    }
}

/// Why a payload could not be decrypted.
public enum HamonCipherError: Error, Sendable, Equatable, CustomStringConvertible {
    case notBase64
    case wrongLength(Int)
    case badPadding

    public var description: String {
        switch self {
        case .notBase64: return "the payload is not base64"
        case .wrongLength(let count): return "the payload decodes to \(count) bytes: not a 16-byte IV followed by whole AES blocks"
        case .badPadding: return "the payload does not decrypt with the Hamon key (bad PKCS#7 padding)"
        }
    }
}

/// Standard base64 with padding.
public enum Base64 {
    public static func encode(_ bytes: [UInt8]) -> String {
        let capacity = 4 * ((bytes.count + 2) / 3) + 1
        return String(unsafeUninitializedCapacity: capacity) { out in
            bytes.withUnsafeBufferPointer { input in
                sdk_base64_encode(input.baseAddress, input.count, out.baseAddress!)
            }
        }
    }

    /// The bytes of base64 text (padding optional, blanks and line breaks ignored); `nil` if it is not base64.
    public static func decode(_ text: String) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            if padding > 0 { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard padding <= 2, bits < 6 else { return nil }
        return result
    }
}
