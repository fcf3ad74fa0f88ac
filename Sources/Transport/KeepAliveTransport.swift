import HTTPTypes
import LoopExecutor
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// HTTP/1.1 over SwiftNIO: keep-alive connections, one exchange at a time on each, all on one
/// event loop where the exchanges' tasks run; plain HTTP through our own encoder and parser
/// (`RawExchangeHandler`), TLS through SwiftNIO's codec. For load mode's thousands of simulated
/// devices, where the workbench's `LiveTransport` (AsyncHTTPClient) spent most of the CPU.
///
/// Why not AsyncHTTPClient here: for each request it starts a task on the global pool, writes
/// head and body in two flushes and runs a connection-pool state machine; with 64 devices that
/// was 57% of a load run's CPU on its loop thread (perf, the Miataru flow of
/// scripts/bench/load_bench.py). The measured gain is in the commit that added this type and in
/// README's load figures. Behaviour is LiveTransport's: redirects returned, not followed; bodies
/// not decompressed; bodies over `LiveTransport.maximumBodySize` refused; the same errors.
package final class KeepAliveTransport: HTTPTransport {
    private let loop: any EventLoop
    private let executor: EventLoopTaskExecutor
    private let verifiesCertificates: Bool
    private let idle: IdleConnections
    /// The IPv4 address its connections are made from (port 0: the system's at connect); `nil`:
    /// the system's choice.
    private let bindAddress: SocketAddress?
    /// The process's connections under its open-file limit, shared with every other transport.
    private let budget: ConnectionBudget

    package var preferredExecutor: (any TaskExecutor)? { executor }

    /// On a loop of its own.
    ///
    /// - Parameter verifiesCertificates: `false` accepts any certificate (`--insecure`).
    package convenience init(verifiesCertificates: Bool = true, source: in_addr? = nil, budget: ConnectionBudget = .shared) {
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1).next()
        self.init(on: EventLoopTaskExecutor(loop), verifiesCertificates: verifiesCertificates, source: source, budget: budget)
    }

    /// On `executor`'s loop, shared with others (a load run's devices on that loop): a task
    /// running there sends and is answered without a thread hop.
    ///
    /// - Parameter source: the IPv4 address to connect from (`127.0.0.2`; see `--source-addresses`).
    package init(on executor: EventLoopTaskExecutor, verifiesCertificates: Bool = true, source: in_addr? = nil, budget: ConnectionBudget = .shared) {
        self.budget = budget
        loop = executor.eventLoop
        self.executor = executor
        self.verifiesCertificates = verifiesCertificates
        bindAddress = source.map { address in
            SocketAddress(sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: address, sin_zero: (0, 0, 0, 0, 0, 0, 0, 0)), host: "")
        }
        idle = IdleConnections(loop: loop)
    }

    /// The client TLS contexts, made at the first `https://` connection and shared by every
    /// transport: loading and sorting the system's trusted certificates is a large part of a load
    /// run's set-up, which a run that speaks no TLS should not pay (load_bench.py's CPU s per
    /// 1,000 requests, set-up included), and a device each would pay it 100,000 times.
    private static let tlsContexts = Mutex<[Bool: NIOSSLContext?]>([:])

    /// The client TLS context, made once; `nil` when this machine cannot set one up.
    private func tlsContext() -> NIOSSLContext? {
        let verifies = verifiesCertificates
        return Self.tlsContexts.withLock { contexts in
            if let made = contexts[verifies] { return made }
            var configuration = TLSConfiguration.makeClientConfiguration()
            if !verifies { configuration.certificateVerification = .none }
            let context = try? NIOSSLContext(configuration: configuration)
            contexts[verifies] = .some(context)
            return context
        }
    }

    /// Closes the idle connections (a phone's, after its idle timeout); a later request opens one.
    package func closeIdleConnections() {
        let idle = idle
        if loop.inEventLoop { idle.closeAll() } else { loop.execute { idle.closeAll() } }
    }

    package func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        let url = try request.parsed()
        let promise = loop.makePromise(of: WireResponse.self)
        let exchange = PendingExchange(request: request, url: url, timeout: timeout, promise: promise)
        if loop.inEventLoop { start(exchange, reusing: true) } else { loop.execute { self.start(exchange, reusing: true) } }
        do {
            return try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: { [loop] in
                loop.execute { promise.fail(CancellationError()) }
            }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw LiveTransport.networkError(error, timeout: timeout)
        }
    }

    /// Sends on an idle connection to the same origin, else on a new one. On the loop.
    private func start(_ exchange: PendingExchange, reusing: Bool) {
        let key = exchange.url.origin
        if reusing, let channel = idle.take(key) {
            // Curl's rule (and Go's): the server may have closed the idle connection as the
            // request went out, so one that ends before any byte of an answer sends the request
            // once more, on a new connection: another idle one could be as stale.
            exchange.send(on: channel, reused: true) { [self] in
                exchange.resent = true
                start(exchange, reusing: false)
            }
            return
        }
        let host = exchange.url.host
        let https = exchange.url.scheme == "https"
        let port = exchange.url.port ?? (https ? 443 : 80)
        let tls = https ? tlsContext() : nil
        if https, tls == nil {
            exchange.promise.fail(NetworkError.cannotConnect("TLS could not be set up on this machine"))
            return
        }
        let budget = budget
        guard budget.take() else {
            exchange.promise.fail(budget.refusal)
            return
        }
        let idle = self.idle
        var bootstrap = ClientBootstrap(group: loop)
        if let bindAddress {
            // 24 is IP_BIND_ADDRESS_NO_PORT (Linux 4.2), which Glibc's module does not name: a
            // port is then taken per destination at connect, not reserved for all, as a plain
            // bind would.
            bootstrap = bootstrap.channelOption(.ipOption(NIOBSDSocket.Option(rawValue: 24)), value: 1).bind(to: bindAddress)
        }
        // A bootstrap per connection: its initializer is read when the channel is made, after
        // the address is resolved, and connections to several origins may be on their way.
        let configured =
            bootstrap
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            // Reads start at 512 bytes rather than 2 KiB and grow for bigger answers: each of
            // thousands of connections holds its read buffer (1.5 KB a device of 10,000).
            .channelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65536))
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard let tls else {
                        // Plain HTTP: one handler writes the request's bytes and parses the answer.
                        try channel.pipeline.syncOperations.addHandler(RawExchangeHandler { channel in idle.put(channel, key: key) })
                        return
                    }
                    let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes,
                        decoderLimitConfiguration: ResponseHeadLimit.decoderLimits
                    )
                    try channel.pipeline.syncOperations.addHandler(ExchangeHandler { channel in idle.put(channel, key: key) })
                }
            }
        // An address needs neither a lookup nor Happy Eyeballs' race and timers: SwiftNIO's
        // `connect(host:)` costs them at every connection, even for 127.0.0.1. Without them a
        // fleet of the `http` line took 0.89x the CPU (farm-bench, 5,000 devices against nginx).
        let address = Self.ipAddress(host, port: port)
        let connecting =
            address.map { configured.connect(to: $0) }
            ?? configured.resolver(CachedHostResolver(loop: loop)).connect(host: host, port: port)
        connecting.whenComplete { result in
            switch result {
            case .success(let channel):
                channel.closeFuture.whenComplete { _ in budget.release() }
                exchange.send(on: channel, reused: false, retry: nil)
            case .failure(let error):
                budget.release()
                let failure = address == nil ? error : LiveTransport.connectError(error, host: host, port: port)
                exchange.promise.fail(self.bindAddress.flatMap { Self.sourceError(error, $0) } ?? failure)
            }
        }
    }
}

extension KeepAliveTransport {
    /// `host` as an address when it is an IPv4 or IPv6 address (a URL's brackets taken off).
    static func ipAddress(_ host: String, port: Int) -> SocketAddress? {
        let looksLikeAddress = host.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
        }
        guard looksLikeAddress || host.utf8.contains(UInt8(ascii: ":")) else { return nil }
        return try? SocketAddress(ipAddress: host, port: port)
    }

    /// A connection from `source` that failed: the address named, for a machine that lacks it.
    /// SwiftNIO hands the socket's error back inside its connection error. `nil` for another error.
    fileprivate static func sourceError(_ error: any Error, _ source: SocketAddress) -> NetworkError? {
        let io = error as? IOError ?? (error as? NIOConnectionError)?.connectionErrors.first?.error as? IOError
        guard let io, io.errnoCode == EADDRNOTAVAIL || io.errnoCode == EINVAL else { return nil }
        return NetworkError.cannotConnect("cannot send from \(source.ipAddress ?? "?"): \(LiveTransport.describe(errno: io.errnoCode))")
    }
}

/// The connections waiting for their next exchange, by origin. Made anywhere, then touched on
/// the loop only (checked).
private final class IdleConnections: @unchecked Sendable {
    private let loop: any EventLoop
    private var channels: [String: [any Channel]] = [:]

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func take(_ key: String) -> (any Channel)? {
        loop.preconditionInEventLoop()
        while let channel = channels[key]?.popLast() {
            if channel.isActive { return channel }
        }
        return nil
    }

    func put(_ channel: any Channel, key: String) {
        loop.preconditionInEventLoop()
        channels[key, default: []].append(channel)
    }

    func closeAll() {
        loop.preconditionInEventLoop()
        let all = channels.values.joined()
        channels = [:]
        for channel in all { channel.close(promise: nil) }
    }
}

/// One request on its way: its deadline timers and its promise. Made on the caller's task and
/// from then on touched only on the loop.
private final class PendingExchange: @unchecked Sendable {
    let request: WireRequest
    let url: ParsedURL
    let timeout: Double
    let promise: EventLoopPromise<WireResponse>
    /// Sent again after the reused connection it went out on closed unanswered.
    var resent = false
    /// The connection it is on, which a deadline closes.
    private var channel: (any Channel)?
    private var timed = false
    private var answerTimer: Scheduled<Void>?

    init(request: WireRequest, url: ParsedURL, timeout: Double, promise: EventLoopPromise<WireResponse>) {
        self.request = request
        self.url = url
        self.timeout = timeout
        self.promise = promise
    }

    /// Writes the request on `channel` in one flush. `retry` runs instead of failing when a reused
    /// connection closes before any answer (the server dropped it while idle).
    func send(on channel: any Channel, reused: Bool, retry: (() -> Void)?) {
        if let raw = try? channel.pipeline.syncOperations.handler(type: RawExchangeHandler.self) {
            let authority = url.authority
            let encode = { [request, url] in request.http1Bytes(url: url, authority: authority) }
            // Kept, not made again, for a request like the last (load_bench.py's CPU s per 1,000 requests).
            let bytes = request.encoding?.bytes(authority: authority, make: encode) ?? encode()
            self.channel = channel
            startTimers(on: channel.eventLoop)
            raw.begin(
                promise,
                resent: resent,
                answersHead: request.method == .head,
                answerBegan: { [self] in answerTimer?.cancel() },
                retry: reused ? retry : nil
            )
            channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
            return
        }
        guard let handler = try? channel.pipeline.syncOperations.handler(type: ExchangeHandler.self) else {
            promise.fail(NetworkError.networkUnavailable("the connection lost its HTTP handler"))
            return
        }
        var head = HTTPRequestHead(version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), uri: url.pathAndQuery)
        if !request.headers.contains(where: { $0.name.canonicalName == "host" }) { head.headers.add(name: "Host", value: url.authority) }
        for field in request.headers { head.headers.add(name: field.name.rawName, value: field.value) }
        if let body = request.body, !request.headers.contains(.contentLength) {
            head.headers.add(name: "Content-Length", value: String(body.count))
        }
        self.channel = channel
        startTimers(on: channel.eventLoop)
        handler.begin(promise, resent: resent, answerBegan: { [self] in answerTimer?.cancel() }, retry: reused ? retry : nil)
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let body = request.body, !body.isEmpty {
            channel.write(HTTPClientRequestPart.body(.byteBuffer(channel.allocator.buffer(bytes: body))), promise: nil)
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    }

    /// Starts the deadlines at the first sending only: a request sent again keeps the time it
    /// had left, and the wait for its answer to begin is not started over.
    private func startTimers(on loop: any EventLoop) {
        guard !timed else { return }
        timed = true
        let total = loop.scheduleTask(in: .nanoseconds(Int64(timeout * 1e9))) { [self] in
            promise.fail(NetworkError.timeout(seconds: timeout))
            channel?.close(promise: nil)
        }
        answerTimer = request.idleTimeout.map { idle in
            loop.scheduleTask(in: .nanoseconds(Int64(idle * 1e9))) { [self] in
                promise.fail(NetworkError.timeout(seconds: idle))
                channel?.close(promise: nil)
            }
        }
        promise.futureResult.whenComplete { [self] _ in
            total.cancel()
            answerTimer?.cancel()
        }
    }
}

/// Collects one response at a time and hands the connection back when it may be reused.
private final class ExchangeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let release: (any Channel) -> Void
    private var promise: EventLoopPromise<WireResponse>?
    private var answerBegan: (() -> Void)?
    private var retry: (() -> Void)?
    private var resent = false
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?

    init(release: @escaping (any Channel) -> Void) {
        self.release = release
    }

    /// - Parameter retry: Runs instead of failing when the connection closes (or is reset) before
    ///   any head; `nil` on a new connection, and on the second sending.
    func begin(_ promise: EventLoopPromise<WireResponse>, resent: Bool, answerBegan: @escaping () -> Void, retry: (() -> Void)?) {
        self.promise = promise
        self.resent = resent
        self.answerBegan = answerBegan
        self.retry = retry
        head = nil
        body = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            // Even a 1xx is part of an answer: the server took the request.
            retry = nil
            // 1xx answers (100 Continue) are not the response.
            guard received.status.code >= 200 else { return }
            head = received
            answerBegan?()
        case .body(var part):
            guard head != nil else { return }
            if (body?.readableBytes ?? 0) + part.readableBytes > LiveTransport.maximumBodySize {
                fail(HTTP1ResponseParser.tooLarge, context: context)
                return
            }
            if body == nil { body = part } else { body!.writeBuffer(&part) }
        case .end:
            guard let head, let promise else { return }
            var headers = HTTPFields()
            for (name, value) in head.headers {
                guard let fieldName = HTTPField.Name(name) else { continue }
                headers.append(HTTPField(name: fieldName, lenientValue: value.utf8))
            }
            let bytes = body.map { Array(buffer: $0) } ?? []
            let reusable = head.isKeepAlive
            self.promise = nil
            self.head = nil
            body = nil
            answerBegan = nil
            promise.succeed(
                WireResponse(
                    status: HTTPStatus(code: Int(head.status.code)),
                    headers: headers,
                    body: bytes,
                    resentAfterDroppedConnection: resent
                )
            )
            if reusable, context.channel.isActive { release(context.channel) } else { context.close(promise: nil) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let retry, head == nil {
            promise = nil
            self.retry = nil
            retry()
        } else {
            fail(head == nil ? NetworkError.closedBeforeAnswer : NetworkError.closedWithinAnswer, context: context)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset (ECONNRESET) is a close to this rule: `channelInactive` sends the request again.
        // Had bytes of a head come, the decoder's EOF error reaches here before that and fails.
        if retry != nil, error is IOError {
            context.close(promise: nil)
            return
        }
        fail(error, context: context)
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        let pending = promise
        promise = nil
        retry = nil
        pending?.fail(error)
        context.close(promise: nil)
    }
}

/// One exchange at a time on a plain HTTP/1.1 connection: the request's bytes in one write (kept
/// between like requests by `EncodedRequest`), the answer read by the project's own parser
/// (`HTTP1ResponseParser`), no codec between. SwiftNIO's HTTP codec made a load device's request
/// cost 1.4x the CPU of a blocking socket with these (0.13 against 0.09 CPU s per 1,000 requests,
/// the Miataru flow at 64 devices); TLS connections keep the codec.
private final class RawExchangeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let release: (any Channel) -> Void
    private var promise: EventLoopPromise<WireResponse>?
    private var answerBegan: (() -> Void)?
    private var retry: (() -> Void)?
    private var resent = false
    private var buffer: [UInt8] = []
    private var parser = HTTP1ResponseParser(answersHead: false)
    /// The heads this connection answered with, kept between exchanges: a like answer's head is
    /// not parsed again.
    private var recentHeads = HTTP1ResponseParser.RecentHeads()

    init(release: @escaping (any Channel) -> Void) {
        self.release = release
    }

    /// - Parameter retry: Runs instead of failing when the connection closes (or is reset) before
    ///   any byte of an answer; `nil` on a new connection, and on the second sending.
    func begin(_ promise: EventLoopPromise<WireResponse>, resent: Bool, answersHead: Bool, answerBegan: @escaping () -> Void, retry: (() -> Void)?) {
        self.promise = promise
        self.resent = resent
        self.answerBegan = answerBegan
        self.retry = retry
        buffer = []
        parser = HTTP1ResponseParser(answersHead: answersHead, recentHeads: recentHeads)
        recentHeads = HTTP1ResponseParser.RecentHeads()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        guard promise != nil else {
            // Bytes no request asked for: the connection is not trusted again.
            context.close(promise: nil)
            return
        }
        if buffer.isEmpty {
            // Any byte of an answer: the server took the request.
            retry = nil
            answerBegan?()
            answerBegan = nil
        }
        buffer.append(contentsOf: bytes.readableBytesView)
        do {
            if case .complete(let response, let consumed, let reusable) = try parser.parse(buffer) {
                // Bytes past the answer were not asked for: the connection is not trusted again.
                finish(response, reusable: reusable && consumed == buffer.count, context: context)
            }
        } catch {
            fail(error, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if promise != nil {
            if buffer.isEmpty, let retry {
                promise = nil
                self.retry = nil
                retry()
            } else if buffer.isEmpty {
                fail(NetworkError.closedBeforeAnswer, context: context)
            } else {
                do {
                    finish(try parser.finish(buffer), reusable: false, context: context)
                } catch {
                    fail(error, context: context)
                }
            }
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset (ECONNRESET) before any byte is a close to this rule: `channelInactive` sends
        // the request again.
        if retry != nil, buffer.isEmpty, error is IOError {
            context.close(promise: nil)
            return
        }
        if let io = error as? IOError, buffer.isEmpty, promise != nil {
            fail(NetworkError.networkUnavailable(LiveTransport.describe(errno: io.errnoCode)), context: context)
            return
        }
        fail(error, context: context)
    }

    private func finish(_ response: WireResponse, reusable: Bool, context: ChannelHandlerContext) {
        guard let promise else { return }
        var response = response
        response.resentAfterDroppedConnection = resent
        self.promise = nil
        answerBegan = nil
        retry = nil
        buffer = []
        recentHeads = parser.recentHeads
        promise.succeed(response)
        if reusable, context.channel.isActive { release(context.channel) } else { context.close(promise: nil) }
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        let pending = promise
        promise = nil
        retry = nil
        buffer = []
        pending?.fail(error)
        context.close(promise: nil)
    }
}
