/// What `append` did with an event.
package struct SiftAppendResult: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        /// In the queue's journal; `depth` events are queued now.
        case queued(depth: Int)
        /// Essentially equal to the queue's last event; the same is accepted after this time (ms).
        case droppedSameEvent(acceptAgainAfterMillis: Int64)
        /// The sanity check failed: why.
        case droppedMalformed(String)
    }

    /// The event as queued (user and installation ids filled in).
    package var event: SiftEvent
    package var queue: SiftQueueIdentifier
    package var outcome: Outcome
    /// Events moved into a new upload batch because the queue became ready.
    package var transferred: Int
}
