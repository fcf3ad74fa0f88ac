import Hummingbird

/// One service the backend imitates: its routes under one path prefix, and what it received.
///
/// An engine's server imitation implements it in the engine's own backend target (HamonBackend,
/// SiftBackend …), which imports Backend and no engine, and declares a `BackendRouteGroup` that
/// makes it; the engine's descriptor (`EngineModule.backend`) carries that group. The router
/// gives the routes a route group of their own, with a `FaultMiddleware` that counts their requests
/// and applies their planned faults, and the `/_sdkbench` control routes read and clear their
/// recorder. Nothing else lists services or matches their paths.
///
/// To implement one: a `Sendable` type with a `service` name, a `prefix`, a `ServiceRecorder`,
/// and `register(on:)` adding its routes relative to `prefix`; answer with `Response.json` or
/// `BackendAnswer`, read bodies with `Request.bytes(_:)` and `JSONBody`/`WireJSON`, and check the
/// rules its group may break with `BackendBreaks.has`.
package protocol BackendServiceRoutes: Sendable {
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
    package func registerControl(on group: RouterGroup<BackendContext>) {}

    package func owns(unroutedPath path: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }

    package func answerUnrouted(_ request: Request) -> Response { Response.json(404, #"{"detail":"Not Found"}"#) }

    package func statusItems() -> [BackendStatusItem] { [] }
}
