import NIOCore

/// Closes its connection when the next bytes of a request arrive, answering nothing: the way
/// miataru-server 2.3.0 leaves a connection after a refused `GetVisitorHistory`, although its
/// answer said `Connection: keep-alive` (`BackendBreaks.dropsConnectionAfterRefusedVisitors`).
/// Added before the HTTP decoder once the answer is on its way, so that answer still goes out whole.
package final class NextRequestDropper: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    package typealias InboundIn = ByteBuffer

    package init() {}

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.close(promise: nil)
    }
}
