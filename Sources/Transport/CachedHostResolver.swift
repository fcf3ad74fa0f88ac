import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Host names looked up once and kept for a while, for the connections of a load run: SwiftNIO's
/// own resolver runs `getaddrinfo` on a Dispatch thread for every connection, which was 18% of a
/// 10,000-device fleet's CPU with the Happy Eyeballs work it started (perf, the `http` flow of
/// scripts/bench/load_bench.py; a phone opens a connection each time it wakes). Addresses are
/// kept for five minutes, k6's default DNS TTL (`getaddrinfo` says no TTL); a failed lookup is
/// not kept. Happy Eyeballs still races the addresses each connection.
package struct CachedHostResolver: Resolver, Sendable {
    private struct Entry {
        var v4: [SocketAddress]
        var v6: [SocketAddress]
        var expires: NIODeadline
    }

    package static let timeToLive = TimeAmount.minutes(5)
    private static let entries = Mutex<[String: Entry]>([:])

    private let loop: any EventLoop

    package init(loop: any EventLoop) {
        self.loop = loop
    }

    package func initiateAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        lookUp(host: host, port: port).map(\.v4)
    }

    package func initiateAAAAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        lookUp(host: host, port: port).map(\.v6)
    }

    /// A lookup runs to its end on the thread pool; its answer is kept for the next connection.
    package func cancelQueries() {}

    /// Forgets every kept address (tests).
    package static func forgetAll() {
        entries.withLock { $0.removeAll() }
    }

    private func lookUp(host: String, port: Int) -> EventLoopFuture<Entry> {
        let key = "\(host) \(port)"
        let now = NIODeadline.now()
        if let kept = Self.entries.withLock({ $0[key] }), kept.expires > now {
            return loop.makeSucceededFuture(kept)
        }
        return NIOThreadPool.singleton.runIfActive(eventLoop: loop) {
            let entry = try Self.getaddrinfo(host: host, port: port)
            Self.entries.withLock { $0[key] = entry }
            return entry
        }
    }

    private static func getaddrinfo(host: String, port: Int) throws -> Entry {
        var hint = addrinfo()
        hint.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hint.ai_protocol = Int32(IPPROTO_TCP)
        var first: UnsafeMutablePointer<addrinfo>?
        let status = Glibc.getaddrinfo(host, String(port), &hint, &first)
        // Happy Eyeballs wraps the failure in its connection error, which `LiveTransport` says
        // as "cannot resolve host"; this says why, for a debugger.
        guard status == 0 else { throw NetworkError.cannotConnect("cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))") }
        defer { freeaddrinfo(first) }
        var entry = Entry(v4: [], v6: [], expires: .now() + timeToLive)
        var next = first
        while let info = next {
            if let address = info.pointee.ai_addr {
                switch info.pointee.ai_family {
                case AF_INET: entry.v4.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in.self), host: host))
                case AF_INET6: entry.v6.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in6.self), host: host))
                default: break
                }
            }
            next = info.pointee.ai_next
        }
        return entry
    }
}
