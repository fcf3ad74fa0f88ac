/// What an upload call did, and where the uploader stands afterwards.
public struct SiftUploadReport: Sendable, Equatable {
    /// Events moved from the queues into a new batch.
    public var transferred = 0
    public var deliveredEvents = 0
    public var deliveredBatches = 0
    public var dropped: [SiftDroppedBatch] = []
    public var uploader: SiftUploaderStatus
}
