/// What the engine reports while it works in the background; the shell renders these.
package enum SiftNotice: Sendable, Equatable {
    /// An earlier run's archives were restored: events still queued, batches waiting, the reject
    /// count, and unreadable journal lines skipped.
    case restored(events: Int, batches: Int, rejects: Int, unreadable: Int)
    /// A batch was delivered (200); `afterFailures` when earlier tries of it had failed.
    case delivered(events: Int, afterFailures: Bool)
    /// The server refused a batch; it is tried again in `retryIn` seconds.
    case rejected(events: Int, status: Int, rejects: Int, retryIn: Double)
    /// A batch got no HTTP answer; it is tried again in `retryIn` seconds.
    case transportFailed(events: Int, error: String, attempt: Int, retryIn: Double)
    /// A batch was dropped for good.
    case dropped(events: Int, reason: SiftUploaderStateMachine.DropReason)
    /// A journal or archive file could not be written; what is in memory goes on.
    case archiveProblem(String)
}
