import Backend
import CCrypto
import FoundationEssentials

/// The backend's own reading of a Hamon body `{"payload":"<base64>"}`: base64 via FoundationEssentials (full Foundation would link ICU),
/// AES-256-CBC via libcrypto, the first 16 bytes taken as the IV. Independent of the client's
/// cipher code on purpose.
enum HamonPayload {
    static let key: [UInt8] = Array(String("5X<#)kRN+)S-2=9A<T,oQk4BUP?ACPVk".reversed()).utf8)

    static func decrypt(_ base64: String) -> [UInt8]? {
        guard let sealed = Data(base64Encoded: base64), sealed.count >= 32, sealed.count % 16 == 0 else { return nil }
        let bytes = [UInt8](sealed)
        var plain = [UInt8](repeating: 0, count: bytes.count)
        let length = bytes.withUnsafeBufferPointer { input in
            plain.withUnsafeMutableBufferPointer { output in
                sdk_aes256cbc_decrypt(key, input.baseAddress!, input.baseAddress! + 16, input.count - 16, output.baseAddress!, output.count)
            }
        }
        guard length >= 0 else { return nil }
        return Array(plain[..<length])
    }
}
