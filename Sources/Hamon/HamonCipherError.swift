import CCrypto

/// Why a payload could not be decrypted.
package enum HamonCipherError: Error, Sendable, Equatable, CustomStringConvertible {
    case notBase64
    case wrongLength(Int)
    case badPadding

    package var description: String {
        switch self {
        case .notBase64: return "the payload is not base64"
        case .wrongLength(let count): return "the payload decodes to \(count) bytes: not a 16-byte IV followed by whole AES blocks"
        case .badPadding: return "the payload does not decrypt with the Hamon key (bad PKCS#7 padding)"
        }
    }
}
