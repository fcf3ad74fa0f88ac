import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An upstream for the proxy's tests that keeps every byte it receives, per connection, and
/// answers as the test says: the bytes of a whole answer, part of one and then a reset, a close,
/// or nothing at all.
final class RawUpstream: Sendable {
    enum Action: Sendable {
        /// Not answered yet: wait for more bytes.
        case wait
        case send([UInt8])
        /// Sends the bytes, then resets the connection (SO_LINGER 0).
        case sendThenReset([UInt8])
        /// Sends the bytes, then closes the connection when the next bytes come, answering
        /// nothing (miataru-server 2.3.0 after a refused `GetVisitorHistory`).
        case sendThenDropNext([UInt8])
        case close
    }

    let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let state: ReceivedBytes

    /// What each connection received so far, in the order they were accepted.
    var received: [[UInt8]] { state.connections.withLock { $0 } }
    var url: String { "http://127.0.0.1:\(port)" }

    /// - Parameter answer: given the bytes a connection received since its last answer, what to do.
    static func start(answer: @escaping @Sendable ([UInt8]) -> Action) async throws -> RawUpstream {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let state = ReceivedBytes()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let index = state.connections.withLock { connections in
                        connections.append([])
                        return connections.count - 1
                    }
                    try channel.pipeline.syncOperations.addHandler(Handler(index: index, state: state, answer: answer))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RawUpstream(channel: channel, group: group, state: state)
    }

    private init(channel: any Channel, group: MultiThreadedEventLoopGroup, state: ReceivedBytes) {
        self.channel = channel
        self.group = group
        self.state = state
        port = channel.localAddress?.port ?? 0
    }

    func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let index: Int
        let state: ReceivedBytes
        let answer: @Sendable ([UInt8]) -> Action
        var pending: [UInt8] = []
        var dropsNext = false

        init(index: Int, state: ReceivedBytes, answer: @escaping @Sendable ([UInt8]) -> Action) {
            self.index = index
            self.state = state
            self.answer = answer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
            state.connections.withLock { $0[index] += bytes }
            if dropsNext {
                context.close(promise: nil)
                return
            }
            pending += bytes
            switch answer(pending) {
            case .wait: return
            case .send(let reply):
                pending = []
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
            case .sendThenDropNext(let reply):
                pending = []
                dropsNext = true
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
            case .sendThenReset(let reply):
                pending = []
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply))).whenComplete { _ in
                    // SO_LINGER 0: close sends RST, not FIN.
                    let set = (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
                    (set ?? channel.eventLoop.makeSucceededVoidFuture()).whenComplete { _ in channel.close(promise: nil) }
                }
            case .close:
                context.close(promise: nil)
            }
        }
    }
}

/// What each connection of a `RawUpstream` received.
final class ReceivedBytes: Sendable {
    let connections = Mutex<[[UInt8]]>([])
}
