/// One queue as `sift queues` shows it.
package struct SiftQueueStatus: Sendable, Equatable {
    package var identifier: SiftQueueIdentifier
    package var config: SiftQueueConfig
    package var count: Int
    /// Time of the oldest queued event (ms).
    package var oldestMillis: Int64?
    package var lastUploadMillis: Int64
    package var readiness: SiftReadiness
}
