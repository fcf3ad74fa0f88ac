/// Conformance rules the embedded backend breaks on purpose, each the way a real server could get
/// it wrong, to prove that `sdkbench check`'s suites fail when a server does: the conformance
/// tests run each suite against a backend broken in one rule and see exactly that rule fail.
/// Set only by the tests and by `sdkbench serve --break RULE` (hidden); empty, nothing changes.
///
/// Which rules exist is each route group's to say (`BackendRouteGroup.breaks`); the backend keeps
/// no list. A route checks its own with `has`.
package struct BackendBreaks: Sendable, Equatable {
    package let rules: Set<String>

    /// - Parameter groups: the route groups the backend will serve; their breaks are the known ones.
    /// - Throws: `BackendError.unknownBreak` naming a rule no route of `groups` can break.
    package init(_ rules: Set<String>, of groups: [BackendRouteGroup]) throws(BackendError) {
        let known = Self.known(in: groups)
        if let unknown = rules.sorted().first(where: { !known.contains($0) }) { throw .unknownBreak(unknown, known: known) }
        self.rules = rules
    }

    private init() { rules = [] }

    package static let none = BackendBreaks()

    /// Every rule the groups' routes can break, group by group, then their connection breaks.
    package static func known(in groups: [BackendRouteGroup]) -> [String] {
        groups.flatMap(\.breaks) + connectionBreaks(in: groups)
    }

    /// The groups' breaks of the connection, not of a rule.
    package static func connectionBreaks(in groups: [BackendRouteGroup]) -> [String] { groups.flatMap(\.connectionBreaks) }

    /// The breaks of a profile some group declares.
    /// - Throws: `BackendError.unknownBreakProfile` naming a profile no group declares.
    package static func profile(_ name: String, of groups: [BackendRouteGroup]) throws(BackendError) -> BackendBreaks {
        guard let rules = groups.lazy.compactMap({ $0.breakProfiles[name] }).first else {
            throw .unknownBreakProfile(name, known: groups.flatMap(\.breakProfiles.keys).sorted())
        }
        return try BackendBreaks(rules, of: groups)
    }

    /// Whether a route is to break `rule`.
    package func has(_ rule: some BreakableRule) -> Bool { rules.contains(rule.rawValue) }

    /// Whether a route is to break the connection as `connectionBreak` says.
    package func has(_ connectionBreak: String) -> Bool { rules.contains(connectionBreak) }
}
