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

/// What a collector did.
public enum SiftCollectResult: Sendable, Equatable {
    case appended(SiftAppendResult)
    /// Collection is paused (`pause`).
    case paused
    /// More than the limit in the window; the next collection is allowed at this time (seconds).
    case rateLimited(nextAllowed: Double)
}

/// A batch dropped for good, and why.
public struct SiftDroppedBatch: Sendable, Equatable {
    public var events: Int
    public var reason: SiftUploaderStateMachine.DropReason
}

/// What an upload call did, and where the uploader stands afterwards.
public struct SiftUploadReport: Sendable, Equatable {
    /// Events moved from the queues into a new batch.
    public var transferred = 0
    public var deliveredEvents = 0
    public var deliveredBatches = 0
    public var dropped: [SiftDroppedBatch] = []
    public var uploader: SiftUploaderStatus
}

/// One queue as `sift queues` shows it.
public struct SiftQueueStatus: Sendable, Equatable {
    public var identifier: SiftQueueIdentifier
    public var config: SiftQueueConfig
    public var count: Int
    /// Time of the oldest queued event (ms).
    public var oldestMillis: Int64?
    public var lastUploadMillis: Int64
    public var readiness: SiftReadiness
}

/// The uploader as `sift queues` shows it.
public struct SiftUploaderStatus: Sendable, Equatable {
    public var batches: Int
    public var events: Int
    public var rejects: Int
    public var transportFailures: Int
    /// When the next try is due (seconds), if one waits.
    public var retryAt: Double?
    public var sending: Bool
    public var paused: Bool
    /// What is missing before anything can be sent: `account`, `beacon key`.
    public var missing: [String]
    /// The last failure, as a sentence.
    public var lastFailure: String?
}

/// The engine's settings as `status` shows them (never the beacon key itself).
public struct SiftSettings: Sendable, Equatable {
    public var account: String?
    public var hasBeaconKey: Bool
    public var userID: String?
    public var urlFormat: SiftURLFormat
    public var locationAllowed: Bool
    public var location: SiftLocation?
    public var paused: Bool
    public var installationID: String
}
