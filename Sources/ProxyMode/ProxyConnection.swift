import Backend
import NIOCore
import NIOPosix
import Platform
import Transport

/// One client connection: reads its requests' bytes, forwards them to its own upstream
/// connection (made on first use on the same event loop, kept across keep-alive requests) and
/// the answers' bytes back, one exchange at a time, and reports each when it ends.
///
/// Bytes pass as they come, never re-encoded: heads and bodies are only scanned for where they
/// end. A request that arrives while an answer is still streaming (pipelining) waits in
/// `inbound` until the answer ends. Back-pressure is each side's autoRead following the other's
/// writability, so a large body streams without being held.
final class ProxyConnection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum Phase {
        /// Waiting for (the rest of) a request head.
        case head
        /// Forwarding the request body.
        case body
        /// The request is sent; the answer is awaited or streaming.
        case waiting
        /// After a 101 answer: bytes both ways as they are, until either side closes.
        case tunnel
        /// Closing once what was written is flushed.
        case closing
    }

    /// Past this many bytes of pipelined requests waiting for an answer, the client is not read.
    static let pipelineLimit = 1 << 20

    let shared: ProxyShared
    var context: ChannelHandlerContext?
    var client = "unknown"
    var phase = Phase.head
    var inbound: ByteBuffer?
    var headScanned = 0
    var exchange: ExchangeInProgress?
    var upstream: (any Channel)?
    var upstreamConnecting = false
    /// Bytes for the upstream written while it connects.
    var pendingUpstream: [ByteBuffer] = []
    /// Counts upstream connections, so the events of one that was dropped are ignored.
    var upstreamGeneration = 0
    /// Why the upstream connection failed, as its error said, for the line.
    var upstreamError: (any Error)?
    /// Exchanges the upstream connection has carried to their end: past 0, the upstream may have
    /// closed it as idle while the next request went out.
    var upstreamCarried = 0
    var draining = false
    /// The head and idle timeouts, and this connection's place under the connection limit.
    var watch: ConnectionWatch?

    init(shared: ProxyShared) { self.shared = shared }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if let address = context.channel.remoteAddress?.ipAddress { client = address }
        shared.opened(context.channel)
        watch = ConnectionWatch(channel: context.channel, limiter: shared.limiter, limits: shared.configuration.limits, closesIdle: true)
    }

    func channelActive(context: ChannelHandlerContext) {
        if watch?.opened() == false { context.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch?.closed()
        if exchange != nil { finish(.clientLeft) }
        phase = .closing
        closeUpstream()
        shared.closed(context.channel)
        self.context = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        watch?.bytesArrived()
        var bytes = unwrapInboundIn(data)
        if inbound == nil || inbound?.readableBytes == 0 {
            inbound = bytes
        } else {
            inbound!.writeBuffer(&bytes)
        }
        process()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client reads slower than the upstream answers: stop reading the upstream meanwhile.
        setAutoRead(upstream, context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let shutdown = event as? ProxyShutdown else { return context.fireUserInboundEventTriggered(event) }
        switch shutdown {
        case .drain:
            draining = true
            if exchange == nil, phase == .head { close() }
        case .cut:
            if exchange != nil { finish(.shutDown) }
            close()
        }
    }

    /// Works through the bytes the client sent, as far as the phase allows.
    func process() {
        while let context, var bytes = inbound, bytes.readableBytes > 0 {
            switch phase {
            case .head:
                let limit = HeadParser.limit
                guard let end = bytes.withUnsafeReadableBytes({ HeadParser.end(in: $0, from: headScanned) }) else {
                    headScanned = bytes.readableBytes
                    if bytes.readableBytes > limit { refuse(status: 431, reason: "the request head is larger than \(limit / 1024) KiB") }
                    return
                }
                headScanned = 0
                let head = bytes.readBytes(length: end)!
                inbound = bytes
                do throws(HeadError) {
                    let parsed = try HeadParser.request(head)
                    start(parsed)
                } catch {
                    refuse(status: end > limit ? 431 : 400, reason: error.reason)
                    return
                }
            case .body:
                guard var current = exchange else { return }
                let taken: Int
                do {
                    taken = try bytes.withUnsafeReadableBytes { try current.requestBody.consume($0) }
                } catch {
                    exchange = current
                    finish(.clientBrokeRequest((error as? HeadError)?.reason ?? "\(error)"))
                    close()
                    return
                }
                let slice = bytes.readSlice(length: taken)!
                inbound = bytes
                exchange = current
                sendUpstream(slice)
                if current.requestBody.isComplete { requestEnded() }
            case .waiting:
                if bytes.readableBytes > Self.pipelineLimit { setAutoRead(context.channel, false) }
                flushUpstream()
                return
            case .tunnel:
                inbound = nil
                sendUpstream(bytes)
            case .closing:
                inbound = nil
                return
            }
        }
        flushUpstream()
    }

    /// A request head arrived: forward it, and its body as it comes.
    private func start(_ head: MessageHead) {
        watch?.requestStarted()
        let (method, target, _) = head.startLine
        if method == "CONNECT" {
            refuse(status: 501, reason: "CONNECT is not supported: this is a reverse proxy; point the app's host at it instead")
            return
        }
        let configuration = shared.configuration
        let framing: BodyReader.Framing =
            head.values("transfer-encoding").isEmpty
            ? .length(head.value("content-length").flatMap { Int($0) } ?? 0) : .chunked
        exchange = ExchangeInProgress(
            request: head,
            method: method,
            target: target,
            requestBody: BodyReader(framing: framing, cap: configuration.bodyCap),
            startedAt: SystemClock().now(),
            started: .now()
        )
        if upstream != nil, !upstreamConnecting, upstreamCarried > 0 { exchange?.resendable = [] }
        let forwarded = ForwardedHead.bytes(
            of: head,
            client: client,
            upstreamAuthority: configuration.upstream.authority,
            keepsHost: configuration.keepsHost
        )
        var buffer = context!.channel.allocator.buffer(capacity: forwarded.count)
        buffer.writeBytes(forwarded)
        sendUpstream(buffer)
        if framing == .length(0) { requestEnded() } else { phase = .body }
    }

    /// The whole request is forwarded: wait for the answer, for at most the timeout.
    private func requestEnded() {
        phase = .waiting
        armTimeout()
    }

    /// Answers a request that cannot be forwarded, then closes the connection.
    private func refuse(status: Int, reason: String) {
        guard let context else { return }
        shared.observer(.refused(client: client, status: status, reason: reason))
        context.writeAndFlush(wrapOutboundOut(ProxyAnswer.bytes(status: status, reason: reason, allocator: context.channel.allocator)), promise: nil)
        close()
    }

    /// Closes the client's connection once what was written to it is flushed, and the upstream's.
    func close() {
        phase = .closing
        inbound = nil
        closeUpstream()
        guard let context else { return }
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).whenComplete { [channel = context.channel] _ in
            channel.close(promise: nil)
        }
    }

    /// Reports the exchange in hand and forgets it.
    func finish(_ outcome: ProxyOutcome) {
        guard let current = exchange else { return }
        exchange = nil
        current.timeout?.cancel()
        let duration = Duration.nanoseconds((NIODeadline.now() - current.started).nanoseconds)
        let response = current.response
        let status = response.flatMap { Int($0.startLine.second) }
        let recorded = RecordedExchange(
            method: current.method,
            url: current.target.hasPrefix("/") ? shared.configuration.upstream.origin + current.target : current.target,
            requestHeaders: HeaderFields.make(current.request),
            requestBody: current.requestBody.kept,
            status: status,
            responseHeaders: response.map(HeaderFields.make) ?? [:],
            responseBody: current.responseBody?.kept ?? [],
            startedAt: current.startedAt,
            duration: duration,
            httpVersion: current.request.version
        )
        shared.finished(
            ProxiedExchange(
                exchange: recorded,
                outcome: outcome,
                client: client,
                requestBodySize: current.requestBody.wireCount,
                responseBodySize: current.responseBody?.wireCount ?? 0
            )
        )
    }
}

extension ProxyConnection {
    /// Reads from `channel` or stops; both channels of a connection are on its loop, where this runs.
    func setAutoRead(_ channel: (any Channel)?, _ on: Bool) {
        try? channel?.syncOptions?.setOption(ChannelOptions.autoRead, value: on)
    }
}
