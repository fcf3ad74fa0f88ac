import AsyncHTTPClient
import HTTPTypes
import LoopExecutor
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The network: AsyncHTTPClient with connection pooling, TLS verification on and redirects refused
/// (a 3xx comes back with its body). One client per process and verification setting, both on one
/// event loop thread, where each exchange runs (see `EventLoopTaskExecutor` for the figures);
/// `WorkerLoop` makes clients of its own for a test-mode worker's thread.
package final class LiveTransport: HTTPTransport {
    /// Verifies certificates.
    package static let shared = LiveTransport(verifiesCertificates: true, on: loops)
    /// Accepts any certificate: only when the user asks for `--insecure`.
    package static let insecure = LiveTransport(verifiesCertificates: false, on: loops)

    /// Bodies larger than this are refused rather than held in memory.
    package static let maximumBodySize = 64 << 20

    /// One thread for every connection: a workbench drives a handful at a time, and one loop lets
    /// the calls run on it.
    private static let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// How long the pool keeps an idle connection.
    private static let poolIdleTimeout: Duration = .seconds(60)

    private let client: HTTPClient
    private let executor: EventLoopTaskExecutor
    /// By origin, when an answer last ended leaving its connection open in the pool: the only
    /// sign that a later request to it may go out on a reused connection (`mayResend`).
    private let keptOpen = Mutex<[String: ContinuousClock.Instant]>([:])

    package var preferredExecutor: (any TaskExecutor)? { executor }

    /// A client whose connections and exchanges run on `group`'s first loop; one made here (not
    /// `shared` or `insecure`) must be shut down (`shutdown()`) before it is released.
    init(verifiesCertificates: Bool, on group: any EventLoopGroup) {
        let loop = group.next()
        executor = EventLoopTaskExecutor(loop)
        var tls = TLSConfiguration.makeClientConfiguration()
        if !verifiesCertificates { tls.certificateVerification = .none }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            decompression: .disabled
        )
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .init(Self.poolIdleTimeout),
            concurrentHTTP1ConnectionsPerHostSoftLimit: 8
        )
        // A refused connection is an answer: fail at once and let the engines' own retry rules
        // decide, instead of the pool retrying until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.http1_1ConnectionDebugInitializer = ResponseHeadLimit.replaceDecoder
        client = HTTPClient(eventLoopGroup: loop, configuration: configuration)
    }

    /// Closes the client's connections; for a client made for a `WorkerLoop`.
    func shutdown() async {
        try? await client.shutdown()
    }

    package func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        let result: Result<WireResponse, NetworkError> = await withTaskExecutorPreference(executor) {
            do throws(NetworkError) { return .success(try await self.exchange(request, timeout: timeout)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private func exchange(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        // AsyncHTTPClient 1.37 speaks NIOHTTP1's types only: fields are copied one by one, in order,
        // in the spelling they were set.
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1e9))
        let origin = (try? request.parsed())?.origin
        do {
            let sending = outgoing
            // Within the wait for the answer to begin: a second sending does not start it over.
            let (response, resent) = try await Self.answer(within: request.idleTimeout) { [client, self] in
                let sent = ContinuousClock.now
                do {
                    return (try await client.execute(sending, deadline: deadline), false)
                } catch  where mayResend(after: error, origin: origin, sent: sent, deadline: deadline) {
                    return (try await client.execute(sending, deadline: deadline), true)
                }
            }
            var headers = HTTPFields()
            for (name, value) in response.headers {
                // SwiftNIO's parser passes only token names, so none is dropped here in practice.
                guard let fieldName = HTTPField.Name(name) else { continue }
                headers.append(HTTPField(name: fieldName, lenientValue: value.utf8))
            }
            let bytes = try await response.body.collect(upTo: Self.maximumBodySize)
            if let origin, HTTPResponseHead(version: response.version, status: response.status, headers: response.headers).isKeepAlive {
                let now = ContinuousClock.now
                keptOpen.withLock { $0[origin] = now }
            }
            return WireResponse(
                status: HTTPStatus(code: Int(response.status.code)),
                headers: headers,
                body: Array(buffer: bytes),
                resentAfterDroppedConnection: resent
            )
        } catch let wait as AnswerWait {
            throw .timeout(seconds: wait.seconds)
        } catch {
            throw Self.networkError(error, timeout: timeout)
        }
    }

    /// Whether a request whose `execute` failed with `error` is sent once more: curl's rule, as
    /// near as AsyncHTTPClient lets us keep it. AsyncHTTPClient never sends a request again itself
    /// (`HTTP1ConnectionStateMachine.runNewRequest` and `HTTPRequestStateMachine.channelInactive`
    /// fail it with `remoteConnectionClosed`) and never says whether the connection was a reused
    /// one. So: the connection ended before the head came (`remoteConnectionClosed`; a reset or a
    /// broken pipe), and it may have been a pooled one, since an answer from this origin left its
    /// connection open within the pool's idle timeout before the request went out; not on a
    /// timeout or cancellation, nor past the deadline. Bytes of a cut head fail with the parser's
    /// error instead, but a 1xx head is dropped unseen by AsyncHTTPClient, and which connection
    /// the pool gives the second sending it alone decides.
    private func mayResend(after error: any Error, origin: String?, sent: ContinuousClock.Instant, deadline: NIODeadline) -> Bool {
        let dropped =
            switch error {
            case let client as HTTPClientError: client == .remoteConnectionClosed
            case let io as IOError: io.errnoCode == ECONNRESET || io.errnoCode == EPIPE
            default: false
            }
        guard dropped, let origin, !Task.isCancelled, NIODeadline.now() < deadline else { return false }
        guard let open = keptOpen.withLock({ $0[origin] }) else { return false }
        return sent - open < Self.poolIdleTimeout
    }

    /// The response head, when it comes within `idle` seconds; else the exchange is cancelled
    /// and `AnswerWait` thrown. Bodies here are small JSON that arrives with its head, so the wait
    /// for the head is the idle wait URLSession's request timeout measures.
    private static func answer<Answer: Sendable>(
        within idle: Double?,
        _ execute: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        guard let idle else { return try await execute() }
        return try await withThrowingTaskGroup(of: Answer?.self) { group in
            group.addTask { try await execute() }
            group.addTask {
                try await Task.sleep(for: .nanoseconds(Int64(idle * 1e9)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else { throw AnswerWait(seconds: idle) }
            return response
        }
    }

    /// The answer did not begin within the request timeout.
    private struct AnswerWait: Error {
        let seconds: Double
    }

    /// Sorts AsyncHTTPClient's and SwiftNIO's errors into the Ping contract's cases.
    static func networkError(_ error: any Error, timeout: Double) -> NetworkError {
        if error is CancellationError { return .cancelled }
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timeout(seconds: timeout)
            case .cancelled, .requestStreamCancelled:
                return .cancelled
            case .remoteConnectionClosed:
                return .closedBeforeAnswer
            case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
                return .invalidRequest("\(client)")
            default:
                return .networkUnavailable("\(client)")
            }
        }
        // A body past `maximumBodySize` (`collect(upTo:)`), in load mode's transports' words.
        if error is NIOTooManyBytesError { return HTTP1ResponseParser.tooLarge }
        // The parser's own reason is llhttp's (`invalid constant string`), which says nothing to a user.
        // A connection that ends within an answer is not a parse error to a user (it said "not HTTP").
        if let parser = error as? HTTPParserError {
            switch parser {
            case .invalidEOFState: return .closedWithinAnswer
            case .headerOverflow: return ResponseHeadLimit.exceeded
            default: return HTTP1ResponseParser.notHTTP
            }
        }
        if let connection = error as? NIOConnectionError {
            if let first = connection.connectionErrors.first {
                return cannotConnect(host: connection.host, port: connection.port, first.error)
            }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return .cannotConnect("cannot resolve host '\(connection.host)'")
            }
            return .cannotConnect("cannot connect to \(connection.host):\(connection.port)")
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return .timeout(seconds: timeout) }
        // These only come from opening a TCP connection: the request never left.
        if let io = error as? IOError, [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(io.errnoCode) {
            return .cannotConnect(describe(error))
        }
        return .networkUnavailable(describe(error))
    }

    /// A connection to an address that failed, in the words a looked-up host's failure has
    /// (`NIOConnectionError`'s): the socket's error with the host and port it was for.
    static func connectError(_ error: any Error, host: String, port: Int) -> any Error {
        guard error is IOError else { return error }
        return cannotConnect(host: host, port: port, error)
    }

    private static func cannotConnect(host: String, port: Int, _ error: any Error) -> NetworkError {
        .cannotConnect("cannot connect to \(host):\(port): \(describe(error))")
    }

    private static func describe(_ error: any Error) -> String {
        if let io = error as? IOError { return describe(errno: io.errnoCode) }
        return "\(error)"
    }

    /// A socket call's errno in the words every transport uses.
    package static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ECONNRESET: "connection reset by peer"
        case EHOSTUNREACH: "host unreachable"
        case ENETUNREACH: "network unreachable"
        // NIO's own text can hold its call's name or `(invalid constant string)`.
        default: "\(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
