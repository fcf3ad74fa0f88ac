import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One TCP connection, written and read with blocking calls by the thread that owns it; any
/// thread may `interrupt` a call it is blocked in.
final class BlockingConnection: Sendable {
    /// The socket, `-1` once closed. Closing and interrupting take the lock, so an interrupt never
    /// reaches a descriptor the system has handed to someone else.
    private let socket: Mutex<Int32>
    private let interrupted = Atomic(false)
    /// The receive timeout set on the socket; 0: none yet. Read and written by the owner only.
    private nonisolated(unsafe) var armedSeconds: Double = 0
    /// The heads of this connection's last answers. Read and written by the exchange using it.
    nonisolated(unsafe) var recentHeads = HTTP1ResponseParser.RecentHeads()

    private init(socket: Int32) {
        self.socket = Mutex(socket)
    }

    /// Opens a connection to `host:port`, trying each of its addresses until `deadline` (at most
    /// 10 s, as KeepAliveTransport's connect). `opening` is told of each socket before it connects,
    /// so that it can be interrupted, and returns `true` when the exchange is cancelled already.
    ///
    /// `source`: the IPv4 address to send from (`127.0.0.2`), so that many connections to one
    /// server spread over several addresses' local ports; only IPv4 server addresses are tried then.
    static func open(
        host: String,
        port: Int,
        deadline: ContinuousClock.Instant,
        timeout: Double,
        source: in_addr? = nil,
        opening: (BlockingConnection) -> Bool
    ) throws(NetworkError) -> BlockingConnection {
        var hints = addrinfo()
        hints.ai_family = source == nil ? AF_UNSPEC : AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .cannotConnect("cannot resolve host '\(host)'")
        }
        defer { freeaddrinfo(first) }
        let connectDeadline = min(deadline, .now + .seconds(10))
        var firstError: Int32 = 0
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = Glibc.socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else {
                if firstError == 0 { firstError = errno }
                continue
            }
            let connection = BlockingConnection(socket: descriptor)
            if opening(connection) { throw .cancelled }
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if let source, !Self.bind(descriptor, to: source) {
                let reason = errno
                connection.close()
                throw .cannotConnect("cannot send from \(Self.text(source)): \(LiveTransport.describe(errno: reason))")
            }
            let failure = connection.connect(to: address.pointee, until: connectDeadline)
            if failure == 0 { return connection }
            connection.close()
            if connection.interrupted.load(ordering: .acquiring) { throw .cancelled }
            if failure == ETIMEDOUT { throw .timeout(seconds: timeout) }
            if firstError == 0 { firstError = failure }
        }
        throw .cannotConnect(LiveTransport.describe(errno: firstError))
    }

    /// Binds the socket to `source`, port chosen by the system at connect (IP_BIND_ADDRESS_NO_PORT:
    /// a port is then taken per destination, not reserved for all, as a plain bind would).
    private static func bind(_ descriptor: Int32, to source: in_addr) -> Bool {
        var one: Int32 = 1
        // 24 is IP_BIND_ADDRESS_NO_PORT (Linux 4.2), which Glibc's module does not name.
        setsockopt(descriptor, Int32(IPPROTO_IP), 24, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = source
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func text(_ address: in_addr) -> String {
        var copy = address
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Connects without blocking, waiting in slices of 50 ms so that an interrupt is seen: a
    /// blocked connect() is not ended by shutdown(). 0, or the errno.
    private func connect(to address: addrinfo, until deadline: ContinuousClock.Instant) -> Int32 {
        let descriptor = socket.withLock { $0 }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return 0 }
        guard errno == EINPROGRESS else { return errno }
        while true {
            if interrupted.load(ordering: .acquiring) { return ECANCELED }
            let remaining = Self.remaining(until: deadline)
            guard remaining > 0 else { return ETIMEDOUT }
            var poll = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = Glibc.poll(&poll, 1, Int32(min(50, (remaining * 1000).rounded(.up))))
            if ready < 0, errno != EINTR { return errno }
            guard ready > 0 else { continue }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
            return failure
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant, timeout: Double) throws(NetworkError) {
        let descriptor = socket.withLock { $0 }
        if bytes.count > 64 << 10 { Self.setTimeout(descriptor, option: SO_SNDTIMEO, seconds: Self.remaining(until: deadline)) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress! + written, raw.count - written, Int32(MSG_NOSIGNAL))
            }
            if count >= 0 {
                written += count
                continue
            }
            let failure = errno
            if failure == EINTR, !interrupted.load(ordering: .relaxed) { continue }
            throw failed(failure, timeout: timeout)
        }
    }

    /// Reads what has arrived (blocking until something does) onto the end of `buffer`; 0 at the
    /// connection's end. `limit` ends the wait with `NetworkError.timeout(seconds: limitSeconds)`.
    func read(into buffer: inout [UInt8], until limit: ContinuousClock.Instant, limitSeconds: Double) throws(NetworkError) -> Int {
        let descriptor = socket.withLock { $0 }
        while true {
            let remaining = Self.remaining(until: limit)
            guard remaining > 0 else { throw .timeout(seconds: limitSeconds) }
            // Armed again only when the wait would overrun the limit by more than 10 ms: mostly
            // once per connection instead of once per exchange (0.6% of a load run's CPU). A wait
            // that ends early is read again.
            if armedSeconds > remaining + 0.01 || armedSeconds == 0 {
                Self.setTimeout(descriptor, option: SO_RCVTIMEO, seconds: remaining)
                armedSeconds = remaining
            }
            let start = buffer.count
            // Reads land past the bytes kept; a small answer takes one call.
            let room = max(4096, buffer.capacity - start)
            var count = 0
            if start == 0 {
                // The first read of an answer fills a new array without zeroing it first, 4 KiB
                // an answer (guarded by the CPU s per 1,000 requests of load_bench.py).
                buffer = [UInt8](unsafeUninitializedCapacity: room) { raw, initialized in
                    count = Glibc.recv(descriptor, raw.baseAddress!, room, 0)
                    initialized = max(0, count)
                }
            } else {
                buffer.append(contentsOf: repeatElement(0, count: room))
                buffer.withUnsafeMutableBytes { raw in
                    count = Glibc.recv(descriptor, raw.baseAddress! + start, room, 0)
                }
                buffer.removeLast(room - max(0, count))
            }
            if interrupted.load(ordering: .acquiring) { throw .cancelled }
            if count >= 0 { return count }
            let failure = errno
            if failure == EAGAIN || failure == EWOULDBLOCK { armedSeconds = 0 }
            if failure == EINTR || failure == EAGAIN || failure == EWOULDBLOCK { continue }
            throw failed(failure, timeout: limitSeconds)
        }
    }

    /// Ends a call blocked on this connection (from any thread); the call throws `cancelled`.
    func interrupt() {
        socket.withLock { socket in
            interrupted.store(true, ordering: .releasing)
            if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    func close() {
        socket.withLock { socket in
            if socket >= 0 { Glibc.close(socket) }
            socket = -1
        }
    }

    deinit { close() }

    private func failed(_ failure: Int32, timeout: Double) -> NetworkError {
        if interrupted.load(ordering: .acquiring) { return .cancelled }
        if failure == EAGAIN || failure == EWOULDBLOCK { return .timeout(seconds: timeout) }
        if failure == EPIPE { return .closedBeforeAnswer }
        // LiveTransport's words for the same errors.
        return .networkUnavailable(LiveTransport.describe(errno: failure))
    }

    private static func remaining(until deadline: ContinuousClock.Instant) -> Double {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    private static func setTimeout(_ descriptor: Int32, option: Int32, seconds: Double) {
        // Zero would mean "no timeout": the shortest wait instead.
        let micros = max(1, Int((seconds * 1e6).rounded(.up)))
        var value = timeval(tv_sec: micros / 1_000_000, tv_usec: micros % 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}
