import Hummingbird
import HummingbirdCore
import Logging
import LoopExecutor
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The embedded backend: the servers of the engines the shell has (each engine's route group, from
/// its backend target) on one loopback port, keeping what they receive and failing on request.
///
/// ```swift
/// let backend = try await LocalBackend.start(host: "127.0.0.1", port: 0, groups: ShellCatalog.standard.backendGroups)
/// print(backend.url)       // http://127.0.0.1:40123
/// await backend.stop()
/// ```
package final class LocalBackend: Sendable {
    /// `http://host:port` as bound.
    package let url: String
    package let host: String
    package let port: Int
    private let records: BackendRecords
    private let services: [any BackendServiceRoutes]
    private let plan: FaultPlan
    private let holds: HeldRequests
    private let group: ServiceGroup
    private let task: Task<Void, Error>
    private let stopped = Mutex(false)

    /// How long a stop waits for connections to finish before the service group cancels the server.
    static let stopBudget = Duration.seconds(2)

    private init(
        host: String,
        port: Int,
        services: [any BackendServiceRoutes],
        records: BackendRecords,
        plan: FaultPlan,
        holds: HeldRequests,
        group: ServiceGroup,
        task: Task<Void, Error>
    ) {
        self.services = services
        self.group = group
        self.host = host
        self.port = port
        self.url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        self.records = records
        self.plan = plan
        self.holds = holds
        self.task = task
    }

    /// Binds `host:port` (port 0 picks a free one) and returns once the server accepts connections.
    ///
    /// - Parameters:
    ///   - groups: the services to serve, in the order status lists them (the shell passes its
    ///     engines'); the backend knows none of its own.
    ///   - handlesSignals: stop gracefully on SIGINT/SIGTERM (for `sdkbench serve`); in-process
    ///     backends leave signals to the shell.
    ///   - breaks: conformance rules to break on purpose (the conformance tests, `serve --break`).
    ///   - loops: the loop to serve on (a test-mode worker's, shared with its client); by default
    ///     one of the backend's own.
    ///   - limits: the head and idle timeouts and the most connections at once.
    ///   - notice: told when the connections reach `limits.maxConnections`, once per burst.
    /// - Throws: `BackendError.cannotStart` when the address cannot be bound.
    package static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        groups: [BackendRouteGroup],
        handlesSignals: Bool = false,
        breaks: BackendBreaks = .none,
        loops given: (any EventLoopGroup)? = nil,
        limits: ListenerLimits = ListenerLimits(),
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> LocalBackend {
        let services = groups.map { $0.make(breaks) }
        let records = BackendRecords(services)
        let plan = FaultPlan()
        let holds = HeldRequests()
        let router = BackendRouter.make(services: services, records: records, plan: plan, holds: holds)
        var logger = Logger(label: "sdkbench.backend")
        logger.logLevel = .critical
        let bound = BoundPort()
        // One loop thread for this backend, with its handlers on it (`EventLoopTaskExecutor` has
        // the figures), from a pool that never shuts one down (`BackendLoopPool` says why),
        // unless the caller gives one.
        let loops: any EventLoopGroup
        let pooled: MultiThreadedEventLoopGroup?
        if let given {
            (loops, pooled) = (given, nil)
        } else {
            let taken = BackendLoopPool.shared.take()
            (loops, pooled) = (taken, taken)
        }
        let executor = EventLoopTaskExecutor(loops.next())
        let limiter = ConnectionLimiter(limit: limits.maxConnections, onLimitReached: notice)
        // The handlers are an autoclosure: one closer per connection.
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [HeldConnectionCloser()], idleTimeout: TimeAmount(limits.idleTimeout))
        let app = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                WatchedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: http1), limiter: limiter, limits: limits)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "sdkbench-backend"),
            onServerRunning: { channel in bound.resolve(channel.localAddress?.port ?? port) },
            eventLoopGroupProvider: .shared(loops),
            logger: logger
        )
        var configuration = ServiceGroupConfiguration(
            services: [app],
            gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = stopBudget
        let group = ServiceGroup(configuration: configuration)
        let task = Task {
            var failure: (any Error)?
            do {
                try await withTaskExecutorPreference(executor) { try await group.run() }
                bound.fail(BackendError.cannotStart("the server stopped before it was running"))
            } catch {
                bound.fail(BackendError.cannotStart(ListenFailure(error, host: host, port: port, portOption: "--port").description))
                failure = error
            }
            if let pooled { BackendLoopPool.shared.giveBack(pooled) }
            if let failure { throw failure }
        }
        let actualPort = try await bound.value()
        return LocalBackend(host: host, port: actualPort, services: services, records: records, plan: plan, holds: holds, group: group, task: task)
    }

    /// Waits until the server stops by itself (a signal, for `sdkbench serve`).
    package func waitUntilStopped() async {
        _ = try? await task.value
    }

    /// Stops accepting, releases held requests and waits for the server to finish.
    package func stop() async {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        holds.releaseAll()
        // Graceful, not cancelled: cancelling the serving task while a connection is accepted but
        // not yet served traps in SwiftNIO ("Deinited NIOAsyncWriter without calling finish()",
        // apple/swift-nio#3481). Cancelled only if a client holds a request past the budget.
        // The group cancels the server itself after `stopBudget` (its
        // maximumGracefulShutdownDuration).
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    // MARK: What tests and `backend` commands use

    /// The services served, in the order they were given.
    package var servedServices: [BackendService] { records.services }

    /// Each service's own facts for `backend status` (Sift's key check), in service order.
    package var statusItems: [BackendStatusItem] { services.flatMap { $0.statusItems() } }

    /// Makes the next `times` requests of `service` fail with `fault`; `times` 0 cancels.
    package func inject(_ fault: Fault, times: Int, for service: BackendService) { plan.set(fault, times: times, for: service) }

    /// Cancels planned faults (all services when `nil`).
    package func clearFaults(_ service: BackendService? = nil) { plan.clear(service) }

    /// Faults still planned.
    package var plannedFaults: [(service: BackendService, fault: Fault, remaining: Int)] { plan.snapshot(of: records.services) }

    /// What `service` received, as JSON text; `limit` keeps only the newest items.
    package func receivedJSON(_ service: BackendService, limit: Int? = nil) -> String { records.receivedJSON(service, limit: limit) }

    /// Forgets what was received (all services when `nil`).
    package func clearReceived(_ service: BackendService? = nil) { records.clear(service) }

    /// Requests `service` has answered (faults included).
    package func requestCount(_ service: BackendService) -> Int { records.requests(service) }

    /// The served routes of one type, for the commands of the engine that declares it (Sift's
    /// `backend sift-key` sets its routes' beacon key).
    package func serviceRoutes<Routes: BackendServiceRoutes>(_ type: Routes.Type) -> [Routes] {
        services.compactMap { $0 as? Routes }
    }

    /// Requests the `timeout` fault holds now (their clients are still there).
    package var heldRequestCount: Int { holds.count }
}

/// The port, once the server reports it, for whoever waits in `start`.
private final class BoundPort: Sendable {
    private let state = Mutex<(result: Result<Int, BackendError>?, waiter: CheckedContinuation<Int, Error>?)>((nil, nil))

    func resolve(_ port: Int) { finish(.success(port)) }
    func fail(_ error: BackendError) { finish(.failure(error)) }

    private func finish(_ result: Result<Int, BackendError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result.mapError { $0 as Error })
    }

    func value() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Int, BackendError>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready.mapError { $0 as Error }) }
        }
    }
}
