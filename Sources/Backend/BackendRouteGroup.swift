/// One service's routes as the shell names them: what an engine's descriptor carries so that the
/// backend it starts serves exactly the engines the shell has. The routes themselves stay inside
/// the backend; this value only makes a fresh set (with empty records) for each backend.
public struct BackendRouteGroup: Sendable {
    /// The name faults and records are kept under.
    public let service: BackendService
    let make: @Sendable (BackendBreaks) -> any BackendServiceRoutes

    /// - Parameter make: fresh routes whose `service` is `service`, breaking the rules given.
    init(service: BackendService, make: @escaping @Sendable (BackendBreaks) -> any BackendServiceRoutes) {
        self.service = service
        self.make = make
    }

    /// Hamon's `/v1/users` routes.
    public static let hamon = BackendRouteGroup(service: .hamon) { HamonRoutes(breaks: $0) }
    /// GomaPerformanceKit's `/api/performance` routes.
    public static let performance = BackendRouteGroup(service: .perf) { PerformanceRoutes(breaks: $0) }
    /// Miataru 1.1's `/v1/...` calls.
    public static let miataru = BackendRouteGroup(service: .miataru) { MiataruRoutes(breaks: $0) }
    /// Sift's `/v3/accounts/.../mobile_events`.
    public static let sift = BackendRouteGroup(service: .sift) { SiftRoutes(breaks: $0) }

    /// A service with no rules of its own: every request under `prefix` is answered 200 `{}` and
    /// its method, path and body are kept. For an engine whose server is not imitated yet, and for
    /// tests that add one.
    public static func recording(_ service: BackendService, prefix: String) -> BackendRouteGroup {
        BackendRouteGroup(service: service) { _ in RecordingRoutes(service: service, prefix: prefix) }
    }
}
