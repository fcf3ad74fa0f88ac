import CCrypto
// FoundationEssentials, not Foundation: base64 without pulling ICU's data into the static binary.
import FoundationEssentials

/// The Hamon payload cipher: AES-256-CBC with PKCS#7 padding and a zero IV, the IV sent in front
/// of the ciphertext, all in base64 (standard alphabet, padded, no line breaks).
///
/// The key is the SDK's literal reversed character by character. The seed also prints a
/// "reversed" string, which has two characters swapped; the real SDKs reverse the literal.
package enum HamonCipher {
    /// The literal as it appears in the SDK source.
    package static let keyLiteral = "5X<#)kRN+)S-2=9A<T,oQk4BUP?ACPVk"
    /// The 32 key bytes: the literal reversed.
    package static let key: [UInt8] = Array(keyLiteral.utf8.reversed())
    static let iv = [UInt8](repeating: 0, count: 16)

    /// base64(IV ‖ AES-256-CBC(plaintext)).
    package static func encrypt(_ plaintext: [UInt8]) -> String {
        var sealed = [UInt8](repeating: 0, count: 16 + plaintext.count + 16)
        let length = sealed.withUnsafeMutableBufferPointer { out in
            plaintext.withUnsafeBytes { input in
                sdk_aes256cbc_encrypt(key, iv, input.baseAddress, input.count, out.baseAddress! + 16, out.count - 16)
            }
        }
        // Encryption cannot fail with a valid key and enough room; both are guaranteed above.
        precondition(length >= 0, "AES-256-CBC encryption failed")
        sealed.removeLast(sealed.count - 16 - length)
        return Data(sealed).base64EncodedString()
    }

    /// The plaintext of a payload, or why there is none.
    ///
    /// The base64 must be padded and unbroken, as `encrypt` writes it: the backend reads payloads
    /// with the same `Data(base64Encoded:)`, so a payload this accepts is one the backend accepts.
    /// - Parameter key: the 32 key bytes; the SDK's by default (a recognizer passes the one it was given).
    package static func decrypt(_ payload: String, key: [UInt8] = HamonCipher.key) throws(HamonCipherError) -> [UInt8] {
        guard key.count == 32 else { throw .badPadding }
        guard let data = Data(base64Encoded: payload) else { throw .notBase64 }
        let sealed = [UInt8](data)
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
