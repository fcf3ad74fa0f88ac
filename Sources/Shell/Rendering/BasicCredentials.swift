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

    /// The password of `USER:PASS` (empty for a USER alone).
    static func password(_ credentials: String) -> String {
        credentials.firstIndex(of: ":").map { String(credentials[credentials.index(after: $0)...]) } ?? ""
    }
}
