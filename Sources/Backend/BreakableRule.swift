/// A service's rules the embedded backend can break on purpose (`BackendBreaks`): an enum whose
/// raw values are the conformance suite's rule ids. An engine's backend target declares one beside
/// its routes and names it in its `BackendRouteGroup(service:breaking:make:)`; its routes ask
/// `breaks.has(.someRule)`.
package protocol BreakableRule: RawRepresentable<String>, CaseIterable, Sendable {}
