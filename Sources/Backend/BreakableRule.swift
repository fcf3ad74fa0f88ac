/// A service's rules the embedded backend can break on purpose (`BackendBreaks`): an enum whose
/// raw values are the conformance suite's rule ids.
protocol BreakableRule: RawRepresentable<String>, CaseIterable, Sendable {}
