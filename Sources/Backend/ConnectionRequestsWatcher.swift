import NIOCore
import NIOHTTP1

/// After a backend connection's HTTP decoder: tells its `ConnectionWatch` when a request head is
/// whole and when an answer ended.
final class ConnectionRequestsWatcher: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let watch: ConnectionWatch

    init(_ watch: ConnectionWatch) { self.watch = watch }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { watch.requestStarted() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { watch.requestEnded() }
        context.write(data, promise: promise)
    }
}
