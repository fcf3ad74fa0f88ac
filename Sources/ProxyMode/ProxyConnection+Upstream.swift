import NIOCore
import NIOPosix
import NIOSSL

extension ProxyConnection {
    /// Writes to the upstream connection, making it first when there is none.
    func sendUpstream(_ buffer: ByteBuffer) {
        if exchange?.resendable != nil {
            exchange!.resendableCount += buffer.readableBytes
            if exchange!.resendableCount > ExchangeInProgress.resendLimit {
                exchange!.resendable = nil
            } else {
                exchange!.resendable!.append(buffer)
            }
        }
        if let upstream, !upstreamConnecting {
            upstream.write(buffer, promise: nil)
            return
        }
        pendingUpstream.append(buffer)
        if !upstreamConnecting { connectUpstream() }
    }

    func flushUpstream() {
        if !upstreamConnecting { upstream?.flush() }
    }

    private func connectUpstream() {
        guard let context else { return }
        upstreamConnecting = true
        upstreamError = nil
        upstreamCarried = 0
        upstreamGeneration += 1
        let generation = upstreamGeneration
        let configuration = shared.configuration
        let url = configuration.upstream
        let tls = shared.tls
        let owner = NIOLoopBound(self, eventLoop: context.eventLoop)
        let timeout = TimeAmount.nanoseconds(
            Int64(configuration.upstreamTimeout.components.seconds) * 1_000_000_000
                + configuration.upstreamTimeout.components.attoseconds / 1_000_000_000
        )
        ClientBootstrap(group: context.eventLoop)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let host = url.host
                        let name = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
                    }
                    try channel.pipeline.syncOperations.addHandler(UpstreamHandler(owner: owner.value, generation: generation))
                }
            }
            .connect(host: url.host, port: url.port ?? (url.scheme == "https" ? 443 : 80))
            .whenComplete { result in owner.value.upstreamConnected(result, generation: generation) }
    }

    private func upstreamConnected(_ result: Result<any Channel, any Error>, generation: Int) {
        guard generation == upstreamGeneration else {
            if case .success(let channel) = result { channel.close(promise: nil) }
            return
        }
        upstreamConnecting = false
        switch result {
        case .success(let channel):
            guard phase != .closing else {
                channel.close(promise: nil)
                return
            }
            upstream = channel
            for buffer in pendingUpstream { channel.write(buffer, promise: nil) }
            pendingUpstream.removeAll()
            channel.flush()
        case .failure(let error):
            pendingUpstream.removeAll()
            let upstream = shared.configuration.upstream.authority
            answerFailure(502, .upstreamUnreachable(UpstreamFailure.describe(error, upstream: upstream) ?? "cannot connect to upstream \(upstream)"))
        }
    }

    /// Drops the upstream connection: its later events are ignored.
    func closeUpstream() {
        upstreamGeneration += 1
        upstreamConnecting = false
        pendingUpstream.removeAll()
        upstream?.close(promise: nil)
        upstream = nil
    }

    /// The upstream failed the exchange before an answer began: the client gets `status` with
    /// the reason; once an answer began, its connection is closed.
    func answerFailure(_ status: Int, _ outcome: ProxyOutcome) {
        guard exchange != nil else {
            closeUpstream()
            return
        }
        let started = exchange?.responseStarted ?? false
        finish(outcome)
        if !started, let context, let reason = outcome.problem {
            context.write(wrapOutboundOut(ProxyAnswer.bytes(status: status, reason: reason, allocator: context.channel.allocator)), promise: nil)
        }
        close()
    }

    /// Starts (or restarts, at each byte of the answer) the wait for the upstream.
    func armTimeout() {
        guard let context else { return }
        exchange?.timeout?.cancel()
        let owner = NIOLoopBound(self, eventLoop: context.eventLoop)
        let timeout = shared.configuration.upstreamTimeout
        let amount = TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        exchange?.timeout = context.eventLoop.scheduleTask(in: amount) { owner.value.timedOut() }
    }

    private func timedOut() {
        guard let current = exchange else { return }
        let timeout = shared.configuration.upstreamTimeout
        if current.responseStarted {
            answerFailure(504, .upstreamBrokeAnswer("the upstream sent nothing for \(ProxyOutcome.seconds(timeout)) in the middle of its answer"))
        } else {
            answerFailure(504, .upstreamTimedOut(timeout))
        }
    }

    /// Bytes of the answer: the head is gathered until its blank line, then forwarded, then the
    /// body as it comes until its end.
    func upstreamRead(_ buffer: ByteBuffer, generation: Int) {
        guard generation == upstreamGeneration else { return }
        // An answer began: the request reached the upstream, and is not sent again.
        exchange?.resendable = nil
        guard var current = exchange, phase != .closing else {
            // Bytes no request asked for: a connection out of step is not used again.
            if phase == .tunnel {
                writeToClient(buffer)
                flushClient()
            } else {
                closeUpstream()
            }
            return
        }
        armTimeout()
        current.timeout = exchange?.timeout
        var bytes = buffer
        while bytes.readableBytes > 0 {
            if current.response == nil {
                current.responseHeadBytes += bytes.readBytes(length: bytes.readableBytes)!
                let scanned = current.responseHeadScanned
                guard let end = current.responseHeadBytes.withUnsafeBytes({ HeadParser.end(in: $0, from: scanned) }) else {
                    current.responseHeadScanned = current.responseHeadBytes.count
                    exchange = current
                    if current.responseHeadBytes.count > HeadParser.limit {
                        answerFailure(502, .upstreamFailedBeforeAnswer("the upstream's answer head is larger than 64 KiB"))
                    }
                    return
                }
                let headBytes = Array(current.responseHeadBytes[0..<end])
                let rest = current.responseHeadBytes[end...]
                current.responseHeadBytes = []
                current.responseHeadScanned = 0
                let head: MessageHead
                do throws(HeadError) {
                    head = try HeadParser.response(headBytes)
                } catch {
                    exchange = current
                    answerFailure(502, .upstreamFailedBeforeAnswer("the upstream's answer is not HTTP/1.x: \(error.reason)"))
                    return
                }
                writeToClient(bytes: headBytes)
                bytes = ByteBuffer(bytes: rest)
                let status = Int(head.startLine.second) ?? 0
                if status < 200, status != 101 {
                    current.interimCount += 1
                    continue
                }
                current.response = head
                current.responseBody = BodyReader(
                    framing: Self.framing(of: head, status: status, method: current.method),
                    cap: shared.configuration.bodyCap
                )
                if status == 101 {
                    exchange = current
                    finish(.answered)
                    phase = .tunnel
                    if bytes.readableBytes > 0 { writeToClient(bytes) }
                    flushClient()
                    process()
                    return
                }
            }
            var body = current.responseBody!
            let taken: Int
            do {
                taken = try bytes.withUnsafeReadableBytes { try body.consume($0) }
            } catch {
                current.responseBody = body
                exchange = current
                flushClient()
                let reason = (error as? HeadError)?.reason ?? "\(error)"
                answerFailure(502, .upstreamBrokeAnswer("the upstream's chunked answer is malformed: \(reason)"))
                return
            }
            current.responseBody = body
            if taken > 0 { writeToClient(bytes.readSlice(length: taken)!) }
            if body.isComplete { break }
        }
        exchange = current
        flushClient()
        if current.responseBody?.isComplete == true { answerEnded() }
    }

    /// The answer ended whole: report it, then read the next request, or close when either side
    /// said so.
    private func answerEnded() {
        guard let current = exchange, let response = current.response else { return }
        // An answer that came before the request's body ended (a 413) leaves the rest of that body
        // unread: the connection cannot carry another request.
        let keeps =
            current.request.keepsAlive && response.keepsAlive && current.responseBody?.framing != .untilClose && current.requestBody.isComplete
            && !draining
        finish(.answered)
        guard keeps else {
            close()
            return
        }
        upstreamCarried += 1
        watch?.requestEnded(bytesWaiting: (inbound?.readableBytes ?? 0) > 0)
        phase = .head
        setAutoRead(context?.channel, true)
        process()
    }

    /// The upstream closed its connection.
    func upstreamClosed(generation: Int) {
        guard generation == upstreamGeneration else { return }
        upstream = nil
        if phase == .tunnel {
            close()
            return
        }
        guard var current = exchange else { return }
        if let sent = current.resendable {
            resend(sent)
            return
        }
        let name = shared.configuration.upstream.authority
        let cause = UpstreamFailure.describe(upstreamError, upstream: name)
        if current.response == nil {
            let reason = cause.map { "upstream \(name) failed before answering: \($0)" } ?? "upstream \(name) closed the connection without answering"
            answerFailure(502, .upstreamFailedBeforeAnswer(reason))
            return
        }
        if current.responseBody?.framing == .untilClose {
            current.responseBody?.endOfStream()
            exchange = current
            flushClient()
            answerEnded()
            return
        }
        let got = current.responseBody?.wireCount ?? 0
        let how = cause.map { "the upstream's connection failed (\($0))" } ?? "the upstream closed the connection"
        flushClient()
        answerFailure(502, .upstreamBrokeAnswer("\(how) \(got) bytes into the answer's body"))
    }

    /// The client's rule (`KeepAliveTransport`, after curl and Go): a connection that carried an
    /// earlier exchange and closes (or resets) before any byte of an answer may have been closed
    /// as idle by the upstream while the request went out, so the request is sent once more, on a
    /// new connection. miataru-server 2.3.0 does this after a refused `GetVisitorHistory`.
    private func resend(_ sent: [ByteBuffer]) {
        exchange?.resendable = nil
        upstream = nil
        pendingUpstream = sent
        connectUpstream()
        if phase == .waiting { armTimeout() }
    }

    func upstreamFailed(_ error: any Error, generation: Int) {
        guard generation == upstreamGeneration else { return }
        if upstreamError == nil { upstreamError = error }
        upstream?.close(promise: nil)
    }

    func upstreamWritabilityChanged(_ writable: Bool, generation: Int) {
        guard generation == upstreamGeneration else { return }
        // The upstream reads slower than the client sends: stop reading the client meanwhile.
        setAutoRead(context?.channel, writable)
    }

    private func writeToClient(_ buffer: ByteBuffer) {
        context?.write(wrapOutboundOut(buffer), promise: nil)
    }

    private func writeToClient(bytes: [UInt8]) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        context.write(wrapOutboundOut(buffer), promise: nil)
    }

    private func flushClient() { context?.flush() }

    /// RFC 9112 §6.3: no body for HEAD, 1xx, 204 and 304; then chunked, a length, or until close.
    static func framing(of head: MessageHead, status: Int, method: String) -> BodyReader.Framing {
        if method == "HEAD" || status == 204 || status == 304 || status < 200 { return .length(0) }
        if status == 101 { return .untilClose }
        if !head.values("transfer-encoding").isEmpty { return .chunked }
        if let length = head.value("content-length").flatMap({ Int($0) }) { return .length(length) }
        return .untilClose
    }
}
