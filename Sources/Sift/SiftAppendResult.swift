/// What `append` did with an event.
public struct SiftAppendResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// In the queue's journal; `depth` events are queued now.
        case queued(depth: Int)
        /// Essentially equal to the queue's last event; the same is accepted after this time (ms).
        case droppedSameEvent(acceptAgainAfterMillis: Int64)
        /// The sanity check failed: why.
        case droppedMalformed(String)
    }

    /// The event as queued (user and installation ids filled in).
    public var event: SiftEvent
    public var queue: SiftQueueIdentifier
    public var outcome: Outcome
    /// Events moved into a new upload batch because the queue became ready.
    public var transferred: Int
}
