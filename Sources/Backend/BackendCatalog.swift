/// The services the backend serves, in one list: a new service is its routes file plus one line here.
enum BackendCatalog {
    static let services: [any BackendServiceRoutes.Type] = [
        HamonRoutes.self,
        PerformanceRoutes.self,
        MiataruRoutes.self,
        SiftRoutes.self,
    ]

    /// Fresh routes (and empty recorders) for each listed service, for one backend.
    static func makeRoutes() -> [any BackendServiceRoutes] { services.map { $0.init() } }
}
