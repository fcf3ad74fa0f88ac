import HTTPTypes
import Synchronization

/// One cookie as a `Set-Cookie` header gives it; only what sending it back needs.
public struct Cookie: Sendable, Equatable {
    public var name: String
    public var value: String
    /// `Max-Age=0` (or negative) asks the client to forget the cookie.
    public var expiresNow: Bool

    /// Parses `name=value; Path=/; Max-Age=60`; `nil` when there is no `name=`.
    public init?(setCookie header: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = parts.first, let equals = first.firstIndex(of: "=") else { return nil }
        name = String(first[..<equals]).trimmingSpaces()
        value = String(first[first.index(after: equals)...]).trimmingSpaces()
        guard !name.isEmpty else { return nil }
        expiresNow = parts.dropFirst().contains { attribute in
            let pair = attribute.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces() }
            return pair.count == 2 && pair[0].lowercased() == "max-age" && (Int(pair[1]) ?? 1) <= 0
        }
    }
}
