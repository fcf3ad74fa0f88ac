import ContentCoding
import HTTPTypes
import Platform
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The Ping network contract: builds, intercepts, sends and records requests.
///
/// A 4xx or 5xx is a response; only a request that got no HTTP response throws.
///
/// ```swift
/// let client = PingClient(transport: LiveTransport.shared)
/// let response = try await client.send { request in
///     request.url = "https://api.example.com/users"
///     request.setParameter(name: "page", value: "1")
/// }
/// ```
package final class PingClient: Sendable {
    package let configuration: ClientConfiguration
    package let cookies: CookieJar
    private let transport: any HTTPTransport

    /// The transport's own thread, for a task that sends one request after another.
    package var preferredExecutor: (any TaskExecutor)? { transport.preferredExecutor }

    package init(configuration: ClientConfiguration = ClientConfiguration(), transport: any HTTPTransport, cookies: CookieJar = CookieJar()) {
        self.configuration = configuration
        self.transport = transport
        self.cookies = cookies
    }

    /// Builds a request with `build` and sends it.
    package func send(_ build: (inout Transport.HTTPRequest) -> Void) async throws(NetworkError) -> Transport.HTTPResponse {
        var request = Transport.HTTPRequest()
        build(&request)
        return try await send(request)
    }

    /// Sends a built request: standard headers (but those it removed), then interceptors in order, then cookies.
    ///
    /// What is made before the wait and after it is made out of line (`made`, `received`) and
    /// the wait holds only the one object it sends: an async function keeps all its locals in
    /// its task's memory while it waits, and with them inline this one kept 3,056 bytes for every
    /// request in flight (a load run has one per device).
    package func send(_ original: Transport.HTTPRequest) async throws(NetworkError) -> Transport.HTTPResponse {
        let started = ContinuousClock.now
        return try await send(try made(original, version: 0, keepsEncoding: false, started: started), started: started)
    }

    /// Sends `original` exactly as `send` would; with `prepared`, what the client makes of
    /// `original` is kept there under `version`, and a later call with the same version sends what
    /// was kept (as long as the jar holds no cookie that would have to be added): a load device
    /// repeats its requests, and making each again, the head's bytes included, is most of a
    /// request's work (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    /// With interceptors set nothing is kept: they run for every request.
    package func send(
        _ original: Transport.HTTPRequest,
        version: UInt64,
        prepared: PreparedRequest?
    ) async throws(NetworkError) -> Transport.HTTPResponse {
        guard configuration.requestInterceptors.isEmpty, version != 0, let prepared else { return try await send(original) }
        let started = ContinuousClock.now
        // Made out of line: inline, the kept request's three ways to be sent made this function's
        // frame 5,328 bytes, held by every request in flight (the binary's async function pointers).
        return try await send(try outgoing(original, version: version, prepared: prepared, started: started), started: started)
    }

    /// What goes out for `original` under `version`: what `prepared` kept, its body replaced
    /// when only the body differs, or made anew (and kept, while no cookie has to be added).
    @inline(never)
    private func outgoing(
        _ original: Transport.HTTPRequest,
        version: UInt64,
        prepared: PreparedRequest,
        started: ContinuousClock.Instant
    ) throws(NetworkError) -> PreparedRequest.Kept {
        let noCookies = !configuration.usesCookies || cookies.isEmpty
        if let kept = prepared.kept, kept.client === self, noCookies {
            if kept.version == version { return kept }
            // Another request with the same head (the line's words changed only in body values):
            // the kept one with the new body, not made whole again (headers, URL, cookies, the
            // head's bytes): a load device's lines change only their values. Guarded by the CPU
            // s per 1,000 requests of scripts/bench/load_bench.py.
            if case .bytes(let body) = original.body, original.hasSameHead(as: kept.source) {
                var request = kept.request
                request.replaceBodyBytes(body)
                var wire = kept.wire
                wire.replaceBody(body)
                let refilled = PreparedRequest.Kept(
                    version: version,
                    client: self,
                    source: original,
                    request: request,
                    wire: wire,
                    parsed: kept.parsed
                )
                prepared.kept = refilled
                return refilled
            }
        }
        let made = try made(original, version: version, keepsEncoding: noCookies, started: started)
        if noCookies { prepared.kept = made }
        return made
    }

    /// `original` made for the wire: standard headers, interceptors, cookies; its head's bytes
    /// kept with it when `keepsEncoding` (it is sent again as it is).
    @inline(never)
    private func made(
        _ original: Transport.HTTPRequest,
        version: UInt64,
        keepsEncoding: Bool,
        started: ContinuousClock.Instant
    ) throws(NetworkError) -> PreparedRequest.Kept {
        var request = intercepted(original)
        do throws(NetworkError) {
            var (wire, parsed) = try outgoing(&request)
            if keepsEncoding { wire.encoding = EncodedRequest() }
            return PreparedRequest.Kept(version: version, client: self, source: original, request: request, wire: wire, parsed: parsed)
        } catch {
            throw failed(error, request: request, started: started)
        }
    }

    /// Sends what `outgoing` holds.
    private func send(_ outgoing: PreparedRequest.Kept, started: ContinuousClock.Instant) async throws(NetworkError) -> Transport.HTTPResponse {
        do throws(NetworkError) {
            let answer = try await transport.send(outgoing.wire, timeout: configuration.timeout)
            return try received(answer, for: outgoing.request, from: outgoing.parsed, started: started)
        } catch {
            throw failed(error, request: outgoing.request, started: started)
        }
    }

    /// `error`, told to `onExchange` as the exchange of `request` that began at `started`.
    private func failed(_ error: NetworkError, request: Transport.HTTPRequest, started: ContinuousClock.Instant) -> NetworkError {
        tell(Exchange(request: request, result: .failure(error), duration: Self.seconds(since: started)))
        return error
    }

    /// `original` with the standard headers it lacks (but those it removed), then the interceptors' changes.
    @inline(never)
    private func intercepted(_ original: Transport.HTTPRequest) -> Transport.HTTPRequest {
        var request = original
        for field in configuration.standardHeaders where !request.headers.contains(field.name) && !request.omits(field.name) {
            request.headers.append(field)
        }
        if let accepted = configuration.acceptEncoding, !request.headers.contains(.acceptEncoding), !request.omits(.acceptEncoding) {
            request.headers.append(HTTPField(name: .acceptEncoding, value: accepted))
        }
        for interceptor in configuration.requestInterceptors { interceptor(&request) }
        return request
    }

    /// What goes on the wire for `request` (its cookies added to it) and where it goes.
    @inline(never)
    private func outgoing(_ request: inout Transport.HTTPRequest) throws(NetworkError) -> (WireRequest, ParsedURL) {
        if let problem = request.buildError { throw .invalidRequest(problem) }
        let url = URLEscaping.escapingPathAndQuery(request.fullURL)
        let parsed = try ParsedURL(url)
        if configuration.usesCookies, !request.headers.contains(.cookie), !request.omits(.cookie), let cookie = cookies.header(for: parsed) {
            // One `Cookie: a=1; b=2` field, appended: `headers[.cookie] = …` would split it into one field per pair.
            request.headers.append(HTTPField(name: .cookie, value: cookie))
        }
        let wire = WireRequest(
            method: request.method,
            url: url,
            headers: request.headers,
            body: request.bodyBytes,
            idleTimeout: configuration.requestTimeout.flatMap { $0 < configuration.timeout ? $0 : nil },
            parsedURL: parsed
        )
        return (wire, parsed)
    }

    /// The response to `request`, its cookies kept, told to the response interceptors and `onExchange`.
    @inline(never)
    private func received(
        _ wire: WireResponse,
        for request: Transport.HTTPRequest,
        from parsed: ParsedURL,
        started: ContinuousClock.Instant
    ) throws(NetworkError) -> Transport.HTTPResponse {
        if configuration.usesCookies { cookies.store(wire.headers, from: parsed) }
        var body = wire.body
        var bodyBytesOnWire: Int?
        if request.decodesBody, let value = wire.headers[values: .contentEncoding].last, let coding = ContentDecoding.coding(named: value) {
            do throws(ContentDecoding.Failure) {
                body = try ContentDecoding.decode(wire.body, from: coding, limit: LiveTransport.maximumBodySize)
                bodyBytesOnWire = wire.body.count
            } catch {
                throw .invalidResponse("cannot decode the body (Content-Encoding: \(value)): \(error)")
            }
        }
        let response = Transport.HTTPResponse(
            request: request,
            status: wire.status,
            headers: wire.headers,
            body: body,
            duration: Self.seconds(since: started),
            resentAfterDroppedConnection: wire.resentAfterDroppedConnection,
            bodyBytesOnWire: bodyBytesOnWire
        )
        for interceptor in configuration.responseInterceptors { interceptor(response) }
        tell(Exchange(request: request, result: .success(response), duration: response.duration))
        return response
    }

    /// Tells `onExchange` of an exchange, made only while it wants them.
    private func tell(_ exchange: @autoclosure () -> Exchange) {
        if let onExchange = configuration.onExchange, configuration.wantsExchanges?() != false { onExchange(exchange()) }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inSeconds
    }
}
