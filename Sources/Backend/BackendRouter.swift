import Hummingbird
import NIOCore

/// The routes, by service, plus the backend's own `/_sdkbench/...` routes through which a
/// separately running `sdkbench serve` is inspected and given faults.
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

        router.get("/_sdkbench/health") { _, _ in Response.json(200, #"{"status":"ok"}"#) }
        router.get("/_sdkbench/received/:service") { request, context in
            guard let service = context.parameters.get("service").flatMap(BackendService.init(rawValue:)) else {
                return Response.json(404, #"{"detail":"unknown service"}"#)
            }
            let limit = request.uri.queryParameters.get("limit").flatMap { Int($0) }
            return Response.json(200, store.receivedJSON(service, limit: limit))
        }
        router.delete("/_sdkbench/received/:service") { _, context in
            guard let service = context.parameters.get("service").flatMap(BackendService.init(rawValue:)) else {
                return Response.json(404, #"{"detail":"unknown service"}"#)
            }
            store.clear(service)
            return Response.json(200, #"{"status":"cleared"}"#)
        }
        router.post("/_sdkbench/fault/:service") { request, context in
            guard let service = context.parameters.get("service").flatMap(BackendService.init(rawValue:)) else {
                return Response.json(404, #"{"detail":"unknown service"}"#)
            }
            guard let fault = request.uri.queryParameters.get("fault").flatMap(Fault.init) else {
                return Response.json(400, #"{"detail":"fault must be a status (100-599), timeout, reset or garbage"}"#)
            }
            let times = request.uri.queryParameters.get("times").flatMap { Int($0) } ?? 1
            plan.set(fault, times: times, for: service)
            return Response.json(200, #"{"service":"\#(service.rawValue)","fault":"\#(fault)","times":\#(times)}"#)
        }
        return router
    }

    private static func body(of request: Request, _ context: BackendContext) async throws -> [UInt8] {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return Array(buffer: buffer)
    }

    private static func respond(_ answer: BackendAnswer) -> Response { Response.json(answer.status, answer.body) }
}
