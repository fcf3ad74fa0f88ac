import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// An HTTPS server for tests, with a self-signed certificate for 127.0.0.1 and localhost (made
/// once with `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 36500
/// -nodes -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1,DNS:localhost`; a test key,
/// trusted by nothing): every request gets `200 ok`, on a connection kept open. For the
/// transports' TLS paths: refused when they verify, served with `--insecure`.
package final class TLSTestServer: Sendable {
    package let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let counter: Counter

    /// `https://127.0.0.1:PORT`
    package var url: String { "https://127.0.0.1:\(port)" }
    /// Connections accepted so far (one for many requests shows keep-alive over TLS).
    package var connections: Int { counter.count.load(ordering: .acquiring) }

    private init(channel: any Channel, group: MultiThreadedEventLoopGroup, counter: Counter) {
        self.channel = channel
        self.group = group
        self.port = channel.localAddress?.port ?? 0
        self.counter = counter
    }

    package static func start() async throws -> TLSTestServer {
        let certificate = try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
        )
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let counter = Counter()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                counter.count.add(1, ordering: .relaxed)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(OKHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSTestServer(channel: channel, group: group, counter: counter)
    }

    package func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private final class Counter: Sendable {
        let count = Atomic(0)
    }

    /// Answers each request, once it has all come, with `200 ok`.
    private final class OKHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain")
            headers.add(name: "Content-Length", value: "2")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: "ok")))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    private static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBmzCCAUGgAwIBAgIUTHlmWatn4ZZou/uuBHo1UWS3uU8wCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNjAyNDMwOVoYDzIxMjYxMTAy
        MDI0MzA5WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAAQXxE1jYpqX9itjosxMoDkFWdvkOEvD+VYsPMFpkqGAXxbgkoQA4E5h
        BhWKRV1XKbWZH6y7KbzccqKquPTNr3Cfo28wbTAdBgNVHQ4EFgQUz51XgatJvCep
        jSYhwrKxU3DeMcAwHwYDVR0jBBgwFoAUz51XgatJvCepjSYhwrKxU3DeMcAwDwYD
        VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
        zj0EAwIDSAAwRQIhAPkEzn3T3GHO0xYA4Efd5OMLwGIJotDLWZliqqVWLBAWAiAI
        qc4L/DOKLwZgeIipjas4DccWRyzfN83Iks1xSp/HNw==
        -----END CERTIFICATE-----
        """

    private static let keyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgD23er/LeDMlOsRx/
        eJceb8ISS/VLE6cAJkVJGDHGL3ChRANCAAQXxE1jYpqX9itjosxMoDkFWdvkOEvD
        +VYsPMFpkqGAXxbgkoQA4E5hBhWKRV1XKbWZH6y7KbzccqKquPTNr3Cf
        -----END PRIVATE KEY-----
        """
}
