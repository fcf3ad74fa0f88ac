import Backend

extension BackendService {
    /// GomaPerformanceKit's server: faults and records under `perf`.
    package static let perf = BackendService(rawValue: "perf")
}

extension BackendRouteGroup {
    /// GomaPerformanceKit's `/api/performance` routes, which PerformanceCommands' descriptor carries.
    package static let performance = BackendRouteGroup(service: .perf, breaking: PerformanceBreak.self) { PerformanceRoutes(breaks: $0) }
}
