import Hummingbird
import NIOCore

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes bytes that are not HTTP straight to the socket (it sits before the HTTP encoder), then closes.
final class GarbageWriter: ChannelOutboundHandler, RemovableChannelHandler, Sendable {
    typealias OutboundIn = ByteBuffer

    func handlerAdded(context: ChannelHandlerContext) {
        let bytes = context.channel.allocator.buffer(string: "\u{1}\u{2}GARBAGE \u{7F}not http at all\r\n\r\n")
        // The write is flushed to the socket at once; closing right after loses nothing this small.
        context.writeAndFlush(NIOAny(bytes), promise: nil)
        context.close(promise: nil)
    }
}
