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

    /// Every rule some service's routes can break, by service.
    public static let known: [String] =
        HamonBreak.allCases.map(\.rawValue) + PerformanceBreak.allCases.map(\.rawValue) + MiataruBreak.allCases.map(\.rawValue)
        + SiftBreak.allCases.map(\.rawValue)

    func has(_ rule: some BreakableRule) -> Bool { rules.contains(rule.rawValue) }
}
