import NIOCore
import NIOPosix
import Synchronization

/// Answers the requests on its N-th connection with `answers[N]` in turn, one per request head
/// received, and closes the connection after the last when `closesAfterLast[N]`. A request
/// past a connection's answers closes it unanswered; with a TCP reset when `resets`.
package final class CannedServer: Sendable {
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let accepted: Counter
    private let log: RequestLog

    package var url: String { "http://127.0.0.1:\(channel.localAddress?.port ?? 0)" }
    package var connections: Int { accepted.value.load(ordering: .acquiring) }
    /// The request lines received, by connection (`GET /first HTTP/1.1`), answered or not.
    package var requests: [[String]] { log.lines.withLock { $0 } }
    /// The address each connection came from, in the order accepted.
    package var peers: [String] { log.peers.withLock { $0 } }

    private init(channel: any Channel, group: MultiThreadedEventLoopGroup, accepted: Counter, log: RequestLog) {
        self.channel = channel
        self.group = group
        self.accepted = accepted
        self.log = log
    }

    package static func start(answers: [[String]], closesAfterLast: [Bool], resets: Bool = false) async throws -> CannedServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let accepted = Counter()
        let log = RequestLog()
        let channel = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                let index = accepted.value.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
                let script = index < answers.count ? answers[index] : []
                let closes = index < closesAfterLast.count ? closesAfterLast[index] : true
                log.lines.withLock { lines in
                    while lines.count <= index { lines.append([]) }
                }
                log.peers.withLock { $0.append(channel.remoteAddress?.ipAddress ?? "?") }
                return channel.eventLoop.makeCompletedFuture {
                    let answerer = Answerer(answers: script, closesAfterLast: closes, resets: resets) { line in
                        log.lines.withLock { $0[index].append(line) }
                    }
                    try channel.pipeline.syncOperations.addHandler(answerer)
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return CannedServer(channel: channel, group: group, accepted: accepted, log: log)
    }

    package func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private final class Counter: Sendable {
        let value = Atomic(0)
    }

    private final class RequestLog: Sendable {
        let lines = Mutex<[[String]]>([])
        let peers = Mutex<[String]>([])
    }

    /// Counts request heads (the requests here have no body) and answers each.
    private final class Answerer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private var answers: [String]
        private let closesAfterLast: Bool
        private let resets: Bool
        private let record: (String) -> Void
        private var received = ""

        init(answers: [String], closesAfterLast: Bool, resets: Bool, record: @escaping (String) -> Void) {
            self.answers = answers
            self.closesAfterLast = closesAfterLast
            self.resets = resets
            self.record = record
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            received += buffer.readString(length: buffer.readableBytes) ?? ""
            while let end = received.firstRange(of: "\r\n\r\n") {
                // By bytes: "\r\n" is one Character.
                record(String(decoding: received[..<end.lowerBound].utf8.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self))
                received = String(received[end.upperBound...])
                guard !answers.isEmpty else {
                    // Lingering 0 s makes the close a reset, as a server that drops the
                    // connection with the request unread would send.
                    if resets, let sockets = context.channel as? any SocketOptionProvider {
                        _ = sockets.setSoLinger(linger(l_onoff: 1, l_linger: 0))
                    }
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
