import NIOCore

/// First in a backend connection's pipeline: tells its `ConnectionWatch` of the connection's start
/// and end and of each read, before the HTTP decoder, which says nothing until a head is whole.
final class ConnectionBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let watch: ConnectionWatch

    init(_ watch: ConnectionWatch) { self.watch = watch }

    func channelActive(context: ChannelHandlerContext) {
        if !watch.opened() { context.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        watch.bytesArrived()
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch.closed()
        context.fireChannelInactive()
    }
}
