/// The Performance analytics rules the embedded backend can break (`BackendBreaks`), named as the
/// Performance conformance suite's rules.
enum PerformanceBreak: String, BreakableRule {
    /// A good batch is a 500.
    case accepted = "perf.batch.accepted"
    /// A batch without `entries` is accepted.
    case malformed = "perf.batch.malformed"
}
