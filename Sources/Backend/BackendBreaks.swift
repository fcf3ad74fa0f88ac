/// Conformance rules the embedded backend breaks on purpose, each the way a real server could get
/// it wrong, to prove that `sdkbench check`'s suites fail when a server does: the conformance
/// tests run each suite against a backend broken in one rule and see exactly that rule fail.
/// Set only by the tests and by `sdkbench serve --break RULE` (hidden); empty, nothing changes.
public struct BackendBreaks: Sendable, Equatable {
    public let rules: Set<String>

    /// - Throws: `BackendError.unknownBreak` naming a rule no route can break.
    public init(_ rules: Set<String>) throws(BackendError) {
        if let unknown = rules.sorted().first(where: { !Self.known.contains($0) }) { throw .unknownBreak(unknown) }
        self.rules = rules
    }

    private init() { rules = [] }

    public static let none = BackendBreaks()

    /// Every rule some service's routes can break, by service, and the connection breaks.
    public static let known: [String] =
        HamonBreak.allCases.map(\.rawValue) + PerformanceBreak.allCases.map(\.rawValue) + MiataruBreak.allCases.map(\.rawValue)
        + SiftBreak.allCases.map(\.rawValue) + connectionBreaks

    /// After answering a `GetVisitorHistory` refused for its key, the next request on that
    /// connection is not answered: the connection closes (miataru-server 2.3.0, although its answer
    /// said `Connection: keep-alive`). No rule fails on it; a client that sends the request again on
    /// a fresh connection gets its answer, and `check` warns.
    public static let dropsConnectionAfterRefusedVisitors = "miataru.connection.dropped-after-refused-visitors"

    /// Breaks of the connection, not of a rule.
    public static let connectionBreaks = [dropsConnectionAfterRefusedVisitors]

    /// Named sets of breaks that reproduce a real server's known defects together
    /// (`sdkbench serve --break-profile NAME`): miataru-server 2.3.0 as the wire notes record it.
    public static let profiles: [String: Set<String>] = [
        "miataru-server-2.3": [
            MiataruBreak.updateRefusedHistoryOffNotStored.rawValue, MiataruBreak.deleteRefusedKeepsData.rawValue,
            MiataruBreak.deleteRefusedHistoryOffKeepsData.rawValue, MiataruBreak.getRefusedReadNoVisitor.rawValue,
            dropsConnectionAfterRefusedVisitors,
        ]
    ]

    /// The breaks of a profile.
    /// - Throws: `BackendError.unknownBreakProfile` naming a profile there is not.
    public static func profile(_ name: String) throws(BackendError) -> BackendBreaks {
        guard let rules = profiles[name] else { throw .unknownBreakProfile(name) }
        return try BackendBreaks(rules)
    }

    func has(_ rule: some BreakableRule) -> Bool { rules.contains(rule.rawValue) }

    func has(_ connectionBreak: String) -> Bool { rules.contains(connectionBreak) }
}
