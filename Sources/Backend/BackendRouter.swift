import Hummingbird

/// One route group per service, each behind its own `FaultMiddleware`, plus the backend's own
/// `/_sdkbench/...` routes (`BackendRouter+Control`).
enum BackendRouter {
    static func make(services: [any BackendServiceRoutes], records: BackendRecords, plan: FaultPlan, holds: HeldRequests) -> Router<BackendContext> {
        let router = Router(context: BackendContext.self)
        var owners: [(routes: any BackendServiceRoutes, faults: FaultMiddleware)] = []
        for routes in services {
            let prefix = routes.prefix
            let faults = FaultMiddleware(service: routes.service, records: records, plan: plan, holds: holds)
            routes.register(on: router.group(RouterPath(prefix)).add(middleware: faults))
            owners.append((routes, faults))
        }
        addControlRoutes(to: router, records: records, plan: plan, holds: holds)
        for routes in services { routes.registerControl(on: router.group("/_sdkbench")) }
        // Added after every route, so it wraps only the not-found answer.
        router.add(middleware: UnroutedRequestMiddleware(owners: owners))
        return router
    }
}
