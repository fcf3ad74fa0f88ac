import NIOCore
import NIOHTTP1
import NIOPosix

/// A plain HTTP server for tests that answers as httpbin does: every request as `/anything`
/// (`200 {"headers":{...},"url":"/path?query","data":"body"}`, header names lower-cased), except
/// `/bearer` (`{"authenticated":true,"token":"T"}` for `Authorization: Bearer T`) and
/// `/cookies/set?NAME=VALUE` (a `Set-Cookie` for each). A server that echoes what it was sent is
/// how a credential comes back in a body, where masking by name cannot see it. `encodedAnswers`
/// answers their paths with bytes in a `Content-Encoding`, as httpbin's `/gzip`, `/deflate` and `/brotli`.
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

    /// A body some other encoder wrote, sent with `Content-Encoding: coding`.
    package struct EncodedAnswer: Sendable {
        package var coding: String
        package var bytes: [UInt8]

        package init(coding: String, bytes: [UInt8]) {
            self.coding = coding
            self.bytes = bytes
        }
    }

    package static func start(encodedAnswers: [String: EncodedAnswer] = [:]) async throws -> HeaderEchoServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(EchoHandler(encodedAnswers: encodedAnswers))
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

        private let encodedAnswers: [String: EncodedAnswer]
        private var received = HTTPHeaders()
        private var uri = "/"
        private var data = ""

        init(encodedAnswers: [String: EncodedAnswer]) {
            self.encodedAnswers = encodedAnswers
        }

        func channelRead(context: ChannelHandlerContext, data part: NIOAny) {
            switch unwrapInboundIn(part) {
            case .head(let head):
                (received, uri, data) = (head.headers, head.uri, "")
            case .body(var bytes):
                data += bytes.readString(length: bytes.readableBytes) ?? ""
            case .end:
                var headers = HTTPHeaders()
                let body: String
                if let answer = encodedAnswers[uri] {
                    headers.add(name: "Content-Type", value: "application/json")
                    headers.add(name: "Content-Encoding", value: answer.coding)
                    headers.add(name: "Content-Length", value: String(answer.bytes.count))
                    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                    context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: answer.bytes)))), promise: nil)
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                    return
                }
                if uri == "/bearer" {
                    let token = received.first(name: "authorization").map { String($0.split(separator: " ").last ?? "") } ?? ""
                    body = "{\"authenticated\":true,\"token\":\(Self.quoted(token))}\n"
                } else {
                    if uri.hasPrefix("/cookies/set?") {
                        for pair in uri.dropFirst("/cookies/set?".count).split(separator: "&") {
                            headers.add(name: "Set-Cookie", value: "\(pair); Path=/")
                        }
                    }
                    let members = received.map { "\(Self.quoted($0.name.lowercased())):\(Self.quoted($0.value))" }
                    body = "{\"headers\":{\(members.joined(separator: ","))},\"url\":\(Self.quoted(uri)),\"data\":\(Self.quoted(data))}\n"
                }
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
