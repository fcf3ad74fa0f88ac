import NIOCore
import NIOHTTP1
import NIOPosix

/// A plain HTTP server for tests that answers every request as httpbin's `/headers` does:
/// `200 {"headers":{...}}` with the request's headers, names lower-cased. A server that echoes
/// what it was sent is how a credential comes back in a body, where masking by name cannot see it.
package final class HeaderEchoServer: Sendable {
    package let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup

    /// `http://127.0.0.1:PORT`
    package var url: String { "http://127.0.0.1:\(port)" }

    private init(channel: any Channel, group: MultiThreadedEventLoopGroup) {
        self.channel = channel
        self.group = group
        self.port = channel.localAddress?.port ?? 0
    }

    package static func start() async throws -> HeaderEchoServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(EchoHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return HeaderEchoServer(channel: channel, group: group)
    }

    package func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// Answers each request, once it has all come, with its headers as JSON.
    private final class EchoHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private var received = HTTPHeaders()

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): received = head.headers
            case .body: break
            case .end:
                let members = received.map { "\(Self.quoted($0.name.lowercased())):\(Self.quoted($0.value))" }
                let body = "{\"headers\":{\(members.joined(separator: ","))}}\n"
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: "application/json")
                headers.add(name: "Content-Length", value: String(body.utf8.count))
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }

        /// A JSON string; test headers hold no control characters, only quotes and backslashes to escape.
        private static func quoted(_ text: String) -> String {
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
    }
}
