import HTTPTypes
import Platform
import Synchronization
import Transport

/// The client's cookie store, RFC 6265's storage model (§5.3) and retrieval (§5.4): cookies are
/// kept by name, domain and path, leave when they expire, and go back as one `Cookie: a=1; b=2`
/// header to the hosts, paths and schemes they match.
package final class CookieJar: Sendable {
    private struct Stored {
        var cookie: Cookie
        /// Order of first storing: among equal paths the older cookie is sent first (§5.4 step 2).
        var created: Int
    }

    private struct State {
        var cookies: [Stored] = []
        var nextCreated = 0

        mutating func removeExpired(at now: Double) {
            cookies.removeAll { $0.cookie.isExpired(at: now) }
        }
    }

    private let state = Mutex(State())
    private let clock: any WallClock

    /// - Parameter clock: the time expiry is judged against.
    package init(clock: any WallClock = SystemClock()) {
        self.clock = clock
    }

    /// The cookies a response's `Set-Cookie` headers set, read as the jar stores them (an
    /// expired one deletes its namesake); what RFC 6265 says to ignore is left out.
    package func cookies(in headers: HTTPFields, from url: ParsedURL) -> [Cookie] {
        let now = clock.now()
        return headers[values: .setCookie].compactMap { Cookie(setCookie: $0, from: url, now: now) }
    }

    /// The cookies the response to `request` set, as `cookies(in:from:)` reads them.
    package func cookies(setBy response: Transport.HTTPResponse) -> [Cookie] {
        // Most answers set none: the URL is not parsed for them (it was 3.4% of a load run's CPU).
        guard response.headers.contains(.setCookie), let url = try? ParsedURL(response.request.fullURL) else { return [] }
        return cookies(in: response.headers, from: url)
    }

    /// Stores the `Set-Cookie` headers of a response from `url`: a cookie replaces the one of the
    /// same name, domain and path (keeping its place in the order), and an expired one only removes it.
    package func store(_ headers: HTTPFields, from url: ParsedURL) {
        let received = cookies(in: headers, from: url)
        guard !received.isEmpty else { return }
        let now = clock.now()
        state.withLock { state in
            for cookie in received {
                let index = state.cookies.firstIndex {
                    $0.cookie.name == cookie.name && $0.cookie.domain == cookie.domain && $0.cookie.path == cookie.path
                }
                if let index {
                    state.cookies[index].cookie = cookie
                } else {
                    state.cookies.append(Stored(cookie: cookie, created: state.nextCreated))
                    state.nextCreated += 1
                }
            }
            state.removeExpired(at: now)
        }
    }

    /// The `Cookie` header value for a request to `url`, longer paths first; `nil` when no cookie matches.
    package func header(for url: ParsedURL) -> String? {
        let now = clock.now()
        return state.withLock { state in
            state.removeExpired(at: now)
            let sent = state.cookies.filter { $0.cookie.isSent(to: url) }.sorted {
                $0.cookie.path.count != $1.cookie.path.count ? $0.cookie.path.count > $1.cookie.path.count : $0.created < $1.created
            }
            return sent.isEmpty ? nil : sent.map { "\($0.cookie.name)=\($0.cookie.value)" }.joined(separator: "; ")
        }
    }

    /// Every cookie that has not expired, by domain, path and name.
    package var all: [Cookie] {
        let now = clock.now()
        return state.withLock { state in
            state.removeExpired(at: now)
            return state.cookies.map(\.cookie).sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
        }
    }

    /// Whether the jar holds no cookie (expired ones included).
    package var isEmpty: Bool { state.withLock { $0.cookies.isEmpty } }

    package func clear() { state.withLock { $0.cookies.removeAll() } }
}
