import Hummingbird

/// One route group per service, each behind its own `FaultMiddleware`, plus the backend's own
/// `/_sdkbench/...` routes (`BackendRouter+Control`).
enum BackendRouter {
    static func make(services: [any BackendServiceRoutes], records: BackendRecords, plan: FaultPlan, holds: HeldRequests) -> Router<BackendContext> {
        let router = Router(context: BackendContext.self)
        for routes in services {
            let faults = FaultMiddleware(service: routes.service, records: records, plan: plan, holds: holds)
            routes.register(on: router.group(RouterPath(type(of: routes).prefix)).add(middleware: faults))
        }
        addControlRoutes(to: router, records: records, plan: plan, holds: holds)
        return router
    }
}
