import Platform

/// Where completed entries go besides the in-memory cache. Calls arrive serially from the tracker;
/// a destination reports through `emit` and never prints.
package protocol PerformanceDestination: AnyObject, Sendable {
    /// How `perf destination list` shows it.
    var description: String { get }
    /// Takes one completed entry (buffering it if the destination batches).
    func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void)
    /// Called about once a second: flush when the interval has passed.
    func tick(emit: (PerformanceEvent) -> Void)
    /// Writes or sends everything buffered; on failure keeps it for the next flush.
    func flush(emit: (PerformanceEvent) -> Void)
    /// Whether nothing is buffered or on its way: a retiring destination leaves the tracker then.
    var isDrained: Bool { get }
}

extension PerformanceDestination {
    /// A destination that does not buffer is always drained.
    package var isDrained: Bool { true }
}
