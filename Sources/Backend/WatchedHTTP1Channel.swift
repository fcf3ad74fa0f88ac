import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel under the listener's limits: each connection counted by the
/// limiter and its request heads timed (`ConnectionWatch`); Hummingbird's own `idleTimeout`
/// closes the idle ones.
struct WatchedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let limiter: ConnectionLimiter
    let limits: ListenerLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { [limiter, limits] value in
            let watch = ConnectionWatch(channel: channel, limiter: limiter, limits: limits, closesIdle: false)
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(ConnectionRequestsWatcher(watch), position: .after(decoder))
            try operations.addHandler(ConnectionBytesWatcher(watch), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
