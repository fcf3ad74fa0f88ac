import Platform

/// SHA-256 via libcrypto, so a user id is stored only as its digest.
package enum UserHash {
    /// Lower-case hex SHA-256 of the UTF-8 bytes of `text`.
    package static func sha256Hex(_ text: String) -> String { SHA256Digest.hex(of: text.utf8) }
}
