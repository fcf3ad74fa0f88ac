import Hummingbird

/// One service the backend imitates: its routes under one path prefix, and what it received.
///
/// A service is one conforming type in its own file and a `BackendRouteGroup` naming it, which
/// the engine's descriptor carries: the router gives it a route group of its own, with a `FaultMiddleware` that counts its requests
/// and applies its planned faults, and the `/_sdkbench` control routes read and clear its
/// recorder. Nothing else lists services or matches their paths.
protocol BackendServiceRoutes: Sendable {
    associatedtype Recorder: ServiceRecorder

    /// The service these routes stand in for; faults and records are kept under it.
    var service: BackendService { get }
    /// The path all the service's routes start with, e.g. `/v1/users`.
    var prefix: String { get }

    /// What the service received, for `backend received SERVICE`.
    var recorder: Recorder { get }

    /// Adds the service's routes to `group`, whose paths are relative to `prefix`.
    func register(on group: RouterGroup<BackendContext>)

    /// Adds the service's own control routes to `group`, whose paths are relative to `/_sdkbench`
    /// (as `backend fault` has its own there); by default none.
    func registerControl(on group: RouterGroup<BackendContext>)

    /// Whether a request no route took is the service's, to count, fault and answer
    /// (`answerUnrouted`). By default: the paths under `prefix`.
    func owns(unroutedPath path: String) -> Bool

    /// The answer to a request the service owns but no route took; by default FastAPI's 404.
    func answerUnrouted(_ request: Request) -> Response

    /// What `backend status` shows of the service beyond its request count; by default nothing.
    func statusItems() -> [BackendStatusItem]
}

extension BackendServiceRoutes {
    func registerControl(on group: RouterGroup<BackendContext>) {}

    func owns(unroutedPath path: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }

    func answerUnrouted(_ request: Request) -> Response { Response.json(404, #"{"detail":"Not Found"}"#) }

    func statusItems() -> [BackendStatusItem] { [] }
}
