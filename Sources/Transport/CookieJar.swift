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

/// Cookies by host, sent back as one `Cookie: a=1; b=2` header.
public final class CookieJar: Sendable {
    private let cookies = Mutex<[String: [(name: String, value: String)]]>([:])

    public init() {}

    /// Stores the `Set-Cookie` headers of a response from `host`.
    public func store(_ headers: HTTPFields, host: String) {
        let parsed = headers[values: .setCookie].compactMap(Cookie.init(setCookie:))
        guard !parsed.isEmpty else { return }
        cookies.withLock { all in
            var list = all[host] ?? []
            for cookie in parsed {
                list.removeAll { $0.name == cookie.name }
                if !cookie.expiresNow { list.append((cookie.name, cookie.value)) }
            }
            all[host] = list
        }
    }

    /// The `Cookie` header value for `host`, or `nil` when there are none.
    public func header(for host: String) -> String? {
        cookies.withLock { all in
            guard let list = all[host], !list.isEmpty else { return nil }
            return list.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        }
    }

    /// Every stored cookie as `host: name=value` lines' data.
    public var all: [(host: String, name: String, value: String)] {
        cookies.withLock { all in
            all.keys.sorted().flatMap { host in all[host]!.map { (host, $0.name, $0.value) } }
        }
    }

    public func clear() { cookies.withLock { $0.removeAll() } }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
