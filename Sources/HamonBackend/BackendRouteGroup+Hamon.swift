import Backend

extension BackendService {
    /// Hamon's server: faults and records under `hamon`.
    package static let hamon = BackendService(rawValue: "hamon")
}

extension BackendRouteGroup {
    /// Hamon's `/v1/users` routes, which HamonCommands' descriptor carries.
    package static let hamon = BackendRouteGroup(service: .hamon, breaking: HamonBreak.self) { HamonRoutes(breaks: $0) }
}
