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
