/// Whether a queue is ready for upload, and if not, what it waits for.
package enum SiftReadiness: Sendable, Equatable {
    /// Nothing queued.
    case empty
    /// More than `uploadWhenMoreThan` events.
    case full(count: Int, moreThan: Int)
    /// The last upload was more than `uploadWhenOlderThan` seconds ago (at 0, before any upload:
    /// the first event goes at once).
    case old(lastUploadMillis: Int64, olderThan: Int64)
    /// Not ready: `count` of more than `moreThan` (nil when that rule is off); the age rule makes
    /// it ready after `readyAtMillis` (nil when that rule is off).
    case waiting(count: Int, moreThan: Int?, readyAfterMillis: Int64?)

    package var isReady: Bool {
        switch self {
        case .full, .old: return true
        case .empty, .waiting: return false
        }
    }
}
