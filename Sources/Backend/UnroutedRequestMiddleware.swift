import Hummingbird

/// Gives a request that no route took to the service whose prefix it is under: that service's
/// `FaultMiddleware` counts it and applies its planned fault, then it is answered 404 as FastAPI
/// answers it.
///
/// A route group's middleware only sees requests that match one of its routes, so without this a
/// `GET` to a `POST` route would be nobody's request: not counted, deaf to `backend fault`.
/// Hummingbird allows no `**` catch-all beside a `:id` capture, hence a middleware on the router's
/// not-found path rather than a route per group.
struct UnroutedRequestMiddleware: RouterMiddleware {
    typealias Context = BackendContext

    /// Each service's prefix and fault middleware, longest prefix first, so `/v1/users` wins over `/v1`.
    let owners: [(prefix: String, faults: FaultMiddleware)]

    init(owners: [(prefix: String, faults: FaultMiddleware)]) {
        self.owners = owners.sorted { $0.prefix.count > $1.prefix.count }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        // A route that matched has set its endpoint path; only requests nobody took are looked at.
        guard context.endpointPath == nil, let owner = owners.first(where: { path == $0.prefix || path.hasPrefix($0.prefix + "/") }) else {
            return try await next(request, context)
        }
        return try await owner.faults.handle(request, context: context) { _, _ in Response.json(404, #"{"detail":"Not Found"}"#) }
    }
}
