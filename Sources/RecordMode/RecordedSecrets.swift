/// Which names hold secrets in a recording: headers and JSON fields whose value must become
/// `{{secret_NAME}}` rather than text in a script.
enum RecordedSecrets {
    /// A header or field whose name says it holds a key, token, password, cookie or session.
    static func isSecretName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return fragments.contains { lower.containsBytes(of: $0) }
    }

    private static let fragments = ["authorization", "cookie", "token", "secret", "password", "passwd", "key", "session", "signature", "credential"]
}
