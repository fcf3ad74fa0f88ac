import ProxyMode
import Transport

/// A proxy in front of a test's upstream, with its events as a stream to await.
final class ProxyHarness {
    let proxy: ProxyServer
    private var iterator: AsyncStream<ProxyEvent>.Iterator

    private init(proxy: ProxyServer, events: AsyncStream<ProxyEvent>) {
        self.proxy = proxy
        iterator = events.makeAsyncIterator()
    }

    static func start(upstream: String, configure: (inout ProxyConfiguration) -> Void = { _ in }) async throws -> ProxyHarness {
        var configuration = ProxyConfiguration(upstream: try ParsedURL(upstream), threads: 1)
        configure(&configuration)
        let (events, continuation) = AsyncStream.makeStream(of: ProxyEvent.self)
        let proxy = try await ProxyServer.start(configuration) { continuation.yield($0) }
        return ProxyHarness(proxy: proxy, events: events)
    }

    var port: Int { proxy.port }

    /// The next event reported.
    func nextEvent() async -> ProxyEvent? {
        await iterator.next()
    }

    func nextExchange() async throws -> ProxiedExchange {
        guard case .exchange(let exchange)? = await nextEvent() else { throw HarnessError.notAnExchange }
        return exchange
    }

    enum HarnessError: Error { case notAnExchange }
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}

/// `HTTP/1.1 200 OK` with a Content-Length body.
func answer(_ body: String, status: String = "200 OK", headers: String = "") -> [UInt8] {
    Array("HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)".utf8)
}

/// Whether `bytes` hold a whole request head and, by its Content-Length, its body.
func isWholeRequest(_ bytes: [UInt8]) -> Bool {
    RawClient.isWholeAnswer(bytes)
        || (RawClient.headEnd(bytes) != nil && !String(decoding: bytes, as: UTF8.self).lowercased().contains("content-length"))
}
