/// A queue's batching policy, as the SDK's `SiftQueueConfig`.
package struct SiftQueueConfig: Sendable, Equatable {
    /// Seconds after which an event essentially equal to the last one is accepted again; 0 never drops.
    package var acceptSameEventAfter: Int64
    /// Ready once the queue holds more than this many events; negative turns the rule off.
    package var uploadWhenMoreThan: Int
    /// Ready once the last upload is more than this many seconds ago (and the queue is not
    /// empty); 0 turns the rule off.
    package var uploadWhenOlderThan: Int64

    package init(acceptSameEventAfter: Int64 = 0, uploadWhenMoreThan: Int = -1, uploadWhenOlderThan: Int64 = 0) {
        self.acceptSameEventAfter = acceptSameEventAfter
        self.uploadWhenMoreThan = uploadWhenMoreThan
        self.uploadWhenOlderThan = uploadWhenOlderThan
    }

    /// `sift-default`: app events and app-state snapshots; more than 32, or 60 s since the last upload.
    package static let standard = SiftQueueConfig(uploadWhenMoreThan: 32, uploadWhenOlderThan: 60)
    /// `sift-devprops`: device properties; any event is ready, and the same one is taken again only after an hour.
    package static let deviceProperties = SiftQueueConfig(acceptSameEventAfter: 3600, uploadWhenMoreThan: 0)
}
