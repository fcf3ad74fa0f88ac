import HTTPTypes
import Synchronization

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
