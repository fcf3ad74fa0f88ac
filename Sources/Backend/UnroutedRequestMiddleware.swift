import Hummingbird

/// Gives a request that no route took to the service that owns its path (by default, the one whose
/// prefix it is under): that service's `FaultMiddleware` counts it and applies its planned fault,
/// then the service answers it (FastAPI's 404 unless the service says otherwise).
///
/// A route group's middleware only sees requests that match one of its routes, so without this a
/// `GET` to a `POST` route would be nobody's request: not counted, deaf to `backend fault`.
/// Hummingbird allows no `**` catch-all beside a `:id` capture, hence a middleware on the router's
/// not-found path rather than a route per group.
struct UnroutedRequestMiddleware: RouterMiddleware {
    typealias Context = BackendContext

    /// Each service's routes and fault middleware, longest prefix first, so `/v1/users` (Hamon)
    /// wins over Miataru's root.
    let owners: [(routes: any BackendServiceRoutes, faults: FaultMiddleware)]

    init(owners: [(routes: any BackendServiceRoutes, faults: FaultMiddleware)]) {
        self.owners = owners.sorted { $0.routes.prefix.count > $1.routes.prefix.count }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        // A route that matched has set its endpoint path; only requests nobody took are looked at.
        guard context.endpointPath == nil, let owner = owners.first(where: { $0.routes.owns(unroutedPath: path) }) else {
            return try await next(request, context)
        }
        return try await owner.faults.handle(request, context: context) { request, _ in owner.routes.answerUnrouted(request) }
    }
}
