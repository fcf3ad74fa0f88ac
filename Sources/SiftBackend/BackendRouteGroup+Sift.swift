import Backend

extension BackendService {
    /// Sift's server: faults and records under `sift`.
    package static let sift = BackendService(rawValue: "sift")
}

extension BackendRouteGroup {
    /// Sift's `/v3/accounts/.../mobile_events`, which SiftCommands' descriptor carries.
    package static let sift = BackendRouteGroup(service: .sift, breaking: SiftBreak.self) { SiftRoutes(breaks: $0) }
}
