import Backend
import FoundationEssentials
import Synchronization

/// The beacon key the Sift routes check, set by `backend sift-key` (or its control route); with
/// none set, any key is accepted.
///
/// The key is only ever compared, never written into an answer or the recorder.
final class SiftBeaconKey: Sendable {
    private let key = Mutex<[UInt8]?>(nil)

    /// Sets the key to check; `nil` accepts any key again.
    func set(_ newKey: String?) { key.withLock { $0 = newKey.map { Array($0.utf8) } } }

    var isSet: Bool { key.withLock { $0 != nil } }

    /// How a request's `Authorization` header stands against the key.
    enum Verdict: Equatable {
        /// The header carries the key that is set.
        case key
        /// No key is set and the header is a well-formed Basic credential.
        case any
        /// No key is set and the request has no header.
        case missing
        /// Refused (401), with the reason to answer.
        case refused(String)

        /// How the recorder names it: never the key itself.
        var recorded: String {
            switch self {
            case .key: return "key"
            case .any: return "any"
            case .missing: return "missing"
            case .refused: return "refused"
            }
        }
    }

    /// Checks `Authorization: Basic <base64(beacon key)>` (the bare key: no `user:` prefix).
    ///
    /// A missing header passes only while no key is set, so a hand-written request can reach the
    /// routes; a malformed one never does, because no real server would take it.
    func check(authorization header: String?) -> Verdict {
        let expected = key.withLock { $0 }
        guard let header else { return expected == nil ? .missing : .refused("missing Authorization: Basic base64(beacon key)") }
        guard let credentials = Self.basicCredentials(header) else {
            return .refused("the Authorization header is not Basic base64(beacon key)")
        }
        guard !credentials.isEmpty else { return .refused("the Basic credentials are empty: no beacon key") }
        guard let expected else { return .any }
        if Self.equal(credentials, expected) { return .key }
        // The usual client bug: `user:password` encoding, as most HTTP libraries build Basic auth.
        let hint = credentials.contains(UInt8(ascii: ":")) ? " (the credentials are base64 of the bare key, with no 'user:' form)" : ""
        return .refused("wrong beacon key" + hint)
    }

    /// The decoded credentials of a `Basic` header (scheme case-insensitive, RFC 9110), or `nil`.
    static func basicCredentials(_ header: String) -> [UInt8]? {
        let parts = header.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let scheme = parts.first, scheme.lowercased() == "basic", parts.count <= 2 else { return nil }
        // `Basic` with nothing after it: the base64 of an empty key.
        guard parts.count == 2 else { return [] }
        return Data(base64Encoded: String(parts[1])).map { Array($0) }
    }

    /// Compares in time that depends only on the lengths, so the answer's timing says nothing of the key.
    private static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
