import Transport

/// What the engine tells its host as it works; the host decides what to print.
package enum HamonNotice: Sendable {
    /// Events are buffered but no user id is set: they wait (the seed's notice).
    case waitingForUser(queued: Int)
    /// Events from an earlier run were restored from the journal.
    case restored(count: Int, unreadable: Int)
    /// A 5xx answer; one retry follows after `seconds`.
    case retrying(status: Int, seconds: Double)
    /// A flush finished (automatic ones included).
    case flushed(FlushReport)
    /// The journal could not be synced or compacted; events are still queued in memory.
    case journalProblem(String)
}
