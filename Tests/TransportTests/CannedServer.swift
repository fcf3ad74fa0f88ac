import NIOCore
import NIOPosix
import Synchronization

/// Answers the requests on its N-th connection with `answers[N]` in turn, one per request head
/// received, and closes the connection after the last when `closesAfterLast[N]`.
final class CannedServer: Sendable {
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let accepted: Counter

    var url: String { "http://127.0.0.1:\(channel.localAddress?.port ?? 0)" }
    var connections: Int { accepted.value.load(ordering: .acquiring) }

    private init(channel: any Channel, group: MultiThreadedEventLoopGroup, accepted: Counter) {
        self.channel = channel
        self.group = group
        self.accepted = accepted
    }

    static func start(answers: [[String]], closesAfterLast: [Bool]) async throws -> CannedServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let accepted = Counter()
        let channel = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                let index = accepted.value.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
                let script = index < answers.count ? answers[index] : []
                let closes = index < closesAfterLast.count ? closesAfterLast[index] : true
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answerer(answers: script, closesAfterLast: closes))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return CannedServer(channel: channel, group: group, accepted: accepted)
    }

    func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private final class Counter: Sendable {
        let value = Atomic(0)
    }

    /// Counts request heads (the requests here have no body) and answers each.
    private final class Answerer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private var answers: [String]
        private let closesAfterLast: Bool
        private var received = ""

        init(answers: [String], closesAfterLast: Bool) {
            self.answers = answers
            self.closesAfterLast = closesAfterLast
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            received += buffer.readString(length: buffer.readableBytes) ?? ""
            while let end = received.range(of: "\r\n\r\n") {
                received = String(received[end.upperBound...])
                guard !answers.isEmpty else {
                    context.close(promise: nil)
                    return
                }
                let answer = answers.removeFirst()
                let last = answers.isEmpty
                context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: answer)), promise: nil)
                if last, closesAfterLast { context.close(promise: nil) }
            }
        }
    }
}
