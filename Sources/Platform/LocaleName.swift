/// The locale a process runs in, as a phone names its own (`en_US`).
package enum LocaleName {
    /// The locale POSIX gives messages: `LC_ALL`, else `LC_MESSAGES`, else `LANG`; `nil` for C/POSIX.
    package static func current(environment: [String: String]) -> String? {
        let value = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_MESSAGES"] ?? environment["LANG"]
        return identifier(from: value)
    }

    /// `en_US` from `en_US.UTF-8` or `en_US@euro`; `nil` for `C`, `POSIX` and empty values.
    package static func identifier(from value: String?) -> String? {
        guard var text = value, !text.isEmpty else { return nil }
        if let dot = text.firstIndex(of: ".") { text = String(text[..<dot]) }
        if let at = text.firstIndex(of: "@") { text = String(text[..<at]) }
        guard text != "C", text != "POSIX", !text.isEmpty else { return nil }
        return text
    }
}
