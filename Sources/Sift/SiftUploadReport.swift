/// What an upload call did, and where the uploader stands afterwards.
package struct SiftUploadReport: Sendable, Equatable {
    /// Events moved from the queues into a new batch.
    package var transferred = 0
    package var deliveredEvents = 0
    package var deliveredBatches = 0
    package var dropped: [SiftDroppedBatch] = []
    package var uploader: SiftUploaderStatus
}
