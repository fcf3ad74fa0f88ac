import NIOCore

/// Closes a connection whose request the `timeout` fault holds, once its client has gone or the
/// server is shutting down.
///
/// Hummingbird allows remote half-closure, so a client that leaves only closes the input: the
/// connection would sit in CLOSE-WAIT, and a graceful shutdown waits for every unanswered
/// request, which a held one never is. One handler sits in every connection's pipeline from the
/// start, so it has seen the end of input or the shutdown even when the hold begins after them.
final class HeldConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    // Reads pass through untouched; only events matter here.
    typealias InboundIn = Never

    /// Sent down the pipeline when the request on this connection starts being held.
    struct Held: Sendable {}

    private var holding = false
    private var clientLeft = false
    private var quiescing = false

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is Held:
            holding = true
            closeIfDone(context)
            return
        case let event as ChannelEvent where event == .inputClosed:
            clientLeft = true
        case is ChannelShouldQuiesceEvent:
            quiescing = true
        default:
            break
        }
        closeIfDone(context)
        context.fireUserInboundEventTriggered(event)
    }

    private func closeIfDone(_ context: ChannelHandlerContext) {
        if holding && (clientLeft || quiescing) { context.close(promise: nil) }
    }
}
