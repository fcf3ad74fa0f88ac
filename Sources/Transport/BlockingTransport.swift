import HTTPTypes
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// HTTP/1.1 over blocking sockets, for one load-mode device: the thread that made it sends its
/// own requests and sleeps in the kernel until the answer arrives. Nothing else is woken.
///
/// Why: with `KeepAliveTransport` every request crossed two threads (the device's and the event
/// loop's) and a load run spent ~44% of its CPU on the loop (NIO's pipeline, epoll, waking the
/// device); a C client doing blocking calls on 64 threads spends ~32 µs of CPU per exchange, all
/// of it in the kernel (the bench figure is in the commit that added this type and in README).
///
/// Only `http://` on the owning thread is sent here; `https://`, and any call from another
/// thread (an engine's background task on the shared pool, which must never block), go through
/// `fallback`. Behaviour is `KeepAliveTransport`'s: redirects returned, bodies not decompressed,
/// bodies over `LiveTransport.maximumBodySize` refused, keep-alive connections reused, a request
/// sent again once when a reused connection turns out to be closed, the same errors.
package final class BlockingTransport: HTTPTransport {
    private struct State {
        /// An idle connection kept out of `idle`: a device talks to one host, and looking its
        /// connections up there and putting them back is paid a request (load_bench.py's CPU figure).
        var lastIdle: IdleConnection?
        var idle: [String: [BlockingConnection]] = [:]
        /// The connection an exchange is blocked on, for cancellation.
        var inFlight: BlockingConnection?
        /// Set by `stop`: exchanges on the owner's thread end as cancelled.
        var stopped = false
    }

    private struct IdleConnection {
        var authority: String
        var connection: BlockingConnection
    }

    private let fallback: any HTTPTransport
    /// The thread that sends; `nil`: whichever calls (tests, which block a pool thread briefly).
    private let owner: pthread_t?
    private let state: Mutex<State>

    /// The IPv4 address its connections are made from; `nil`: the system's choice.
    private let source: in_addr?

    /// For the calling thread, which from then on sends its `http://` requests itself, from
    /// `source` when given (`127.0.0.2`; see `SourceAddresses`).
    package convenience init(fallback: any HTTPTransport, source: in_addr? = nil) {
        self.init(fallback: fallback, owner: pthread_self(), source: source)
    }

    init(fallback: any HTTPTransport, owner: pthread_t?, source: in_addr? = nil) {
        self.fallback = fallback
        self.owner = owner
        self.source = source
        state = Mutex(State())
    }

    package var preferredExecutor: (any TaskExecutor)? { nil }

    package func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        let url = try request.parsed()
        guard sendsHere(url) else {
            return try await fallback.send(request, timeout: timeout)
        }
        do {
            return try await withTaskCancellationHandler {
                try exchange(request, url: url, timeout: timeout)
            } onCancel: {
                state.withLock { $0.inFlight?.interrupt() }
            }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    package func sendsHere(_ url: ParsedURL) -> Bool {
        url.scheme == "http" && (owner.map { pthread_equal($0, pthread_self()) != 0 } ?? true)
    }

    /// Sends on the owner's thread without a task: the caller waits in the kernel, as `send`'s
    /// task would, and `stop` is what interrupts it. A task and its cancellation handler a
    /// request cost more than the request (guarded by load_bench.py's CPU s per 1,000 requests).
    package func sendHere(_ request: WireRequest, timeout: Double) throws(NetworkError) -> WireResponse {
        try exchange(request, url: try request.parsed(), timeout: timeout)
    }

    /// Ends the exchange in flight and any later one on the owner's thread as cancelled (from
    /// any thread): the device was interrupted.
    package func stop() {
        state.withLock { state in
            state.stopped = true
            state.inFlight?.interrupt()
        }
    }

    /// Closes the idle connections.
    package func close() {
        let idle = state.withLock { state in
            defer {
                state.idle = [:]
                state.lastIdle = nil
            }
            return Array(state.idle.values.joined()) + (state.lastIdle.map { [$0.connection] } ?? [])
        }
        for connection in idle { connection.close() }
    }

    deinit { close() }

    private enum Attempt {
        case answered(WireResponse, reusable: Bool)
        /// The connection ended before any byte of an answer.
        case closedUnanswered(NetworkError)
    }

    private func exchange(_ request: WireRequest, url: ParsedURL, timeout: Double) throws(NetworkError) -> WireResponse {
        let started = ContinuousClock.now
        let deadline = started + .seconds(timeout)
        let answerDeadline = request.idleTimeout.map { started + .seconds($0) }
        let key = url.authority
        let encode = { Self.encode(request, url: url, authority: key) }
        // Kept, not made again, for a request like the last (load_bench.py's CPU s per 1,000 requests).
        let bytes = request.encoding?.bytes(authority: key, make: encode) ?? encode()
        // Curl's rule: a request on a reused connection that ends before any byte of an answer is
        // sent once more, on a new connection (an idle one could be as stale); `false` on that
        // second sending, which is what the answer then says it was.
        var reusing = true
        while true {
            let idle = reusing ? state.withLock { Self.takeIdle(key, from: &$0) } : nil
            // In flight from before it connects, so that a cancellation reaches it; an exchange
            // cancelled before that sees it here (the flag is set before the handler runs).
            let inFlight = { (connection: BlockingConnection) -> Bool in
                self.state.withLock { state in
                    state.inFlight = connection
                    return Task.isCancelled || state.stopped
                }
            }
            defer { state.withLock { $0.inFlight = nil } }
            let connection: BlockingConnection
            if let idle {
                connection = idle
                if inFlight(idle) {
                    idle.close()
                    throw .cancelled
                }
            } else {
                connection = try BlockingConnection.open(
                    host: url.host,
                    port: url.port ?? 80,
                    deadline: deadline,
                    timeout: timeout,
                    source: source,
                    opening: inFlight
                )
            }
            do throws(NetworkError) {
                let attempt: Attempt
                switch Result(catching: { () throws(NetworkError) in try connection.write(bytes, until: deadline, timeout: timeout) }) {
                case .success:
                    attempt = try read(
                        from: connection,
                        answersHead: request.method == .head,
                        deadline: deadline,
                        timeout: timeout,
                        answerDeadline: answerDeadline,
                        answerTimeout: request.idleTimeout
                    )
                case .failure(.networkUnavailable(let reason)):
                    // A write on a connection the server already closed: nothing was answered.
                    attempt = .closedUnanswered(.networkUnavailable(reason))
                case .failure(let error):
                    throw error
                }
                switch attempt {
                case .answered(var response, let reusable):
                    if reusable { state.withLock { Self.keepIdle(connection, for: key, in: &$0) } } else { connection.close() }
                    response.resentAfterDroppedConnection = !reusing
                    return response
                case .closedUnanswered(let error):
                    connection.close()
                    guard idle != nil else { throw error }
                    reusing = false
                }
            } catch {
                connection.close()
                throw error
            }
        }
    }

    private static func takeIdle(_ authority: String, from state: inout State) -> BlockingConnection? {
        if let last = state.lastIdle, last.authority == authority {
            state.lastIdle = nil
            return last.connection
        }
        return state.idle[authority]?.popLast()
    }

    private static func keepIdle(_ connection: BlockingConnection, for authority: String, in state: inout State) {
        if state.lastIdle == nil {
            state.lastIdle = IdleConnection(authority: authority, connection: connection)
        } else {
            state.idle[authority, default: []].append(connection)
        }
    }

    private func read(
        from connection: BlockingConnection,
        answersHead: Bool,
        deadline: ContinuousClock.Instant,
        timeout: Double,
        answerDeadline: ContinuousClock.Instant?,
        answerTimeout: Double?
    ) throws(NetworkError) -> Attempt {
        var buffer: [UInt8] = []
        // Handed over and back, so that remembering a new head does not copy the others.
        var parser = HTTP1ResponseParser(answersHead: answersHead, recentHeads: connection.recentHeads)
        connection.recentHeads = HTTP1ResponseParser.RecentHeads()
        defer { connection.recentHeads = parser.recentHeads }
        while true {
            let waitsForAnswer = buffer.isEmpty && answerDeadline.map { $0 < deadline } == true
            let count: Int
            do throws(NetworkError) {
                count = try connection.read(
                    into: &buffer,
                    until: waitsForAnswer ? answerDeadline! : deadline,
                    limitSeconds: waitsForAnswer ? answerTimeout! : timeout
                )
            } catch .networkUnavailable(let reason) where buffer.isEmpty {
                // Reset before any byte of an answer: as a close, sent again on a reused connection.
                return .closedUnanswered(.networkUnavailable(reason))
            }
            if count == 0 {
                if buffer.isEmpty { return .closedUnanswered(NetworkError.closedBeforeAnswer) }
                return .answered(try parser.finish(buffer), reusable: false)
            }
            if case .complete(let response, let consumed, let reusable) = try parser.parse(buffer) {
                // Bytes past the answer were not asked for: the connection is not trusted again.
                return .answered(response, reusable: reusable && consumed == buffer.count)
            }
        }
    }

    /// The request as HTTP/1.1 bytes: head and body in one write. Appended as bytes: building
    /// the head as a String first was 2% of a load run's CPU.
    static func encode(_ request: WireRequest, url: ParsedURL, authority: String? = nil) -> [UInt8] {
        let body = request.body ?? []
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + body.count)
        // Pieces appended one by one: a variadic `line(_ parts: String...)` makes an array a
        // line. Each as one copy of its UTF-8 buffer: `append(contentsOf: part.utf8)` walks the
        // view. A head a request (guarded by the CPU s per 1,000 requests of load_bench.py).
        func append(_ part: String) {
            var part = part
            part.withUTF8 { bytes.append(contentsOf: $0) }
        }
        func endLine() {
            bytes.append(UInt8(ascii: "\r"))
            bytes.append(UInt8(ascii: "\n"))
        }
        func line(_ part: String) {
            append(part)
            endLine()
        }
        append(request.method.rawValue)
        append(" ")
        append(url.pathAndQuery)
        line(" HTTP/1.1")
        if !request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            append("Host: ")
            line(authority ?? url.authority)
        }
        for field in request.headers {
            append(field.name.rawName)
            append(": ")
            field.withUnsafeBytesOfValue { bytes.append(contentsOf: $0) }
            endLine()
        }
        let chunked = request.headers.contains(.transferEncoding)
        if !chunked, !request.headers.contains(.contentLength), request.body != nil || Self.expectsBody(request.method) {
            append("Content-Length: ")
            line(String(body.count))
        }
        endLine()
        if chunked {
            if !body.isEmpty {
                line(String(body.count, radix: 16))
                bytes.append(contentsOf: body)
                endLine()
            }
            line("0")
            endLine()
        } else {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    /// Methods whose requests carry a body even when empty (as SwiftNIO frames them).
    private static func expectsBody(_ method: HTTPMethod) -> Bool {
        method == .post || method == .put || method == .patch
    }
}
