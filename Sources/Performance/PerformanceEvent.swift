import Platform

/// Something the engine wants a person to see; the engine itself never prints.
package enum PerformanceEvent: Sendable, Equatable {
    /// A line from a console destination.
    case consoleLine(String)
    /// An `end` without `start`, an expired session, work left at shutdown.
    case warning(String)
    /// A destination could not deliver; its entries are kept for the next flush.
    case destinationFailed(destination: String, message: String)
    /// A destination delivered `count` entries.
    case flushed(destination: String, count: Int)
    /// A retiring destination delivered what an earlier run kept and left the tracker.
    case retired(id: Int, destination: String)
}
