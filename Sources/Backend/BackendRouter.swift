import Hummingbird
import NIOCore

/// The routes, by service, plus the backend's own `/_sdkbench/...` routes (`BackendRouter+Control`).
enum BackendRouter {
    static func make(store: BackendStore, plan: FaultPlan, holds: HeldRequests) -> Router<BackendContext> {
        let router = Router(context: BackendContext.self)
        router.add(middleware: FaultMiddleware(store: store, plan: plan, holds: holds))
        let hamon = HamonRoutes(store: store)
        let performance = PerformanceRoutes(store: store)

        router.patch("/v1/users/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return try await respond(hamon.updateUser(id: id, body: body(of: request, context)))
        }
        router.post("/v1/users/:id/event") { request, context in
            let id = context.parameters.get("id") ?? ""
            return try await respond(hamon.receiveEvents(userID: id, body: body(of: request, context)))
        }
        router.post("/api/performance/batch") { request, context in
            try await respond(performance.receiveBatch(body: body(of: request, context)))
        }

        addControlRoutes(to: router, store: store, plan: plan, holds: holds)
        return router
    }

    private static func body(of request: Request, _ context: BackendContext) async throws -> [UInt8] {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return Array(buffer: buffer)
    }

    private static func respond(_ answer: BackendAnswer) -> Response { Response.json(answer.status, answer.body) }
}
