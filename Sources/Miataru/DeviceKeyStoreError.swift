import Platform
import SystemPackage

/// Why the key store could not read or keep a key.
package enum DeviceKeyStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key file can be read by group or others: refused, as ssh refuses such a private key.
    case tooOpen(path: String, mode: UInt16)
    /// The file holds no usable key (empty, or longer than the server accepts).
    case unusable(path: String, reason: String)
    case file(FileError)

    package var description: String {
        switch self {
        case .tooOpen(let path, let mode):
            let octal = String(mode, radix: 8)
            return "permissions 0\(octal) for '\(path)' are too open: a DeviceKey file must be readable by its owner only. "
                + "Run 'chmod 600 \(path)'; the key is not used until then"
        case .unusable(let path, let reason): return "the key file '\(path)' is unusable: \(reason)"
        case .file(let error): return error.description
        }
    }
}
