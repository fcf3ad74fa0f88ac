/// One service's routes as the shell names them: what an engine's descriptor carries
/// (`EngineModule.backend`), so that the backend it starts serves exactly the engines the shell
/// has. The backend lists no service: each engine's backend target declares its group, with the
/// rules its routes can break, beside its routes.
///
/// An engine's backend target makes one like this:
///
/// ```swift
/// extension BackendRouteGroup {
///     package static let hamon = BackendRouteGroup(service: .hamon, breaking: HamonBreak.self) { HamonRoutes(breaks: $0) }
/// }
/// ```
package struct BackendRouteGroup: Sendable {
    /// The name faults and records are kept under.
    package let service: BackendService
    /// The conformance rules its routes can break on purpose (`BackendBreaks`), by rule id.
    package let breaks: [String]
    /// Breaks of the connection rather than of a rule: no conformance rule fails on them.
    package let connectionBreaks: [String]
    /// Named sets of its breaks that reproduce a real server's known defects together
    /// (`sdkbench serve --break-profile NAME`).
    package let breakProfiles: [String: Set<String>]
    /// Fresh routes (with empty records) for one backend, breaking the rules given.
    package let make: @Sendable (BackendBreaks) -> any BackendServiceRoutes

    /// - Parameters:
    ///   - service: the name its faults and records are kept under; `make`'s routes must have it.
    ///   - breaks: the rule ids its routes check with `BackendBreaks.has`.
    ///   - connectionBreaks: breaks of the connection its routes check (no rule fails on them).
    ///   - breakProfiles: named sets of `breaks` and `connectionBreaks`.
    ///   - make: fresh routes whose `service` is `service`, breaking the rules given.
    package init(
        service: BackendService,
        breaks: [String] = [],
        connectionBreaks: [String] = [],
        breakProfiles: [String: Set<String>] = [:],
        make: @escaping @Sendable (BackendBreaks) -> any BackendServiceRoutes
    ) {
        self.service = service
        self.breaks = breaks
        self.connectionBreaks = connectionBreaks
        self.breakProfiles = breakProfiles
        self.make = make
    }

    /// A group whose breakable rules are the cases of `Rule`.
    package init<Rule: BreakableRule>(
        service: BackendService,
        breaking rules: Rule.Type,
        connectionBreaks: [String] = [],
        breakProfiles: [String: Set<String>] = [:],
        make: @escaping @Sendable (BackendBreaks) -> any BackendServiceRoutes
    ) {
        self.init(
            service: service,
            breaks: Rule.allCases.map(\.rawValue),
            connectionBreaks: connectionBreaks,
            breakProfiles: breakProfiles,
            make: make
        )
    }

    /// A service with no rules of its own: every request under `prefix` is answered 200 `{}` and
    /// its method, path and body are kept. For an engine whose server is not imitated yet, and for
    /// tests that add one.
    package static func recording(_ service: BackendService, prefix: String) -> BackendRouteGroup {
        BackendRouteGroup(service: service) { _ in RecordingRoutes(service: service, prefix: prefix) }
    }
}
