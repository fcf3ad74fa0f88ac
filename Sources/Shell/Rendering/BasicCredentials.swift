// FoundationEssentials, not Foundation: base64 without pulling ICU's data into the static binary.
import FoundationEssentials

/// `USER:PASS` as HTTP Basic authentication carries it, for the request that sends it and for
/// the secrets that must mask every form it takes.
package enum BasicCredentials {
    /// `base64(USER:PASS)`; a USER alone gets an empty password, since a script cannot answer
    /// HTTPie's prompt.
    package static func encoded(_ credentials: String) -> String {
        let pair = credentials.contains(":") ? credentials : credentials + ":"
        return Data(pair.utf8).base64EncodedString()
    }

    /// The `Authorization` value: `Basic base64(USER:PASS)`.
    package static func header(_ credentials: String) -> String { "Basic " + encoded(credentials) }

    /// The `USER:PASS` an `Authorization: Basic …` value carries; `nil` for another scheme or a
    /// value that is not base64 of UTF-8 text with a `:`.
    package static func decoded(fromHeader value: String) -> String? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic", let data = Data(base64Encoded: String(parts[1].trimmingPrefix(" "))),
            let pair = String(data: data, encoding: .utf8), pair.contains(":")
        else { return nil }
        return pair
    }

    /// The password of `USER:PASS` (empty for a USER alone).
    static func password(_ credentials: String) -> String {
        credentials.firstIndex(of: ":").map { String(credentials[credentials.index(after: $0)...]) } ?? ""
    }
}
