import NIOCore

/// The upstream connection's end of a `ProxyConnection`: hands it every byte and event. Both are
/// on the same event loop.
final class UpstreamHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let owner: ProxyConnection
    private let generation: Int

    init(owner: ProxyConnection, generation: Int) {
        self.owner = owner
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.upstreamRead(unwrapInboundIn(data), generation: generation)
    }

    func channelInactive(context: ChannelHandlerContext) {
        owner.upstreamClosed(generation: generation)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        owner.upstreamFailed(error, generation: generation)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        owner.upstreamWritabilityChanged(context.channel.isWritable, generation: generation)
    }
}
