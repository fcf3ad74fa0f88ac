import Backend

/// The Performance analytics rules the embedded backend can break (`BackendBreaks`), named as the
/// Performance conformance suite's rules.
enum PerformanceBreak: String, BreakableRule {
    /// A duration with a fraction is refused (422): a server that took the seed's "in
    /// milliseconds" comment and models it as an integer.
    case accepted = "perf.batch.accepted"
    /// A batch without `entries` is accepted.
    case malformed = "perf.batch.malformed"
    /// A batch of more than 49 entries is refused (413).
    case kitSize = "perf.batch.kit-size"
    /// Only the seed's features and layers are taken: the kit's others (`appBoot`, `parsing`, ...)
    /// are refused (a server that copied the seed's enums).
    case kitNames = "perf.entry.kit-names"
    /// The good entries of a refused batch are stored all the same.
    case refusedNotCounted = "perf.batch.refused-not-counted"
}
