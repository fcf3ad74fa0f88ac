import Platform

/// Feature and layer names: the kit's, for completion, and the rule for user-defined ones.
package enum PerformanceNames {
    /// The seed's features, then the ones the real kit uses.
    package static let knownFeatures = [
        "deposit", "withdraw", "login", "register", "sportsData", "appBoot", "cms", "casinoHome", "homeScreen",
        "externalDependencies",
    ]
    package static let knownLayers = ["web", "app", "api", "parsing"]

    /// Identifier-like: a letter or `_`, then letters, digits, `_` or `-`; at most 64 characters.
    package static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
}
