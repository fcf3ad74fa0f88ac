/// A queue's batching policy, as the SDK's `SiftQueueConfig`.
public struct SiftQueueConfig: Sendable, Equatable {
    /// Seconds after which an event essentially equal to the last one is accepted again; 0 never drops.
    public var acceptSameEventAfter: Int64
    /// Ready once the queue holds more than this many events; negative turns the rule off.
    public var uploadWhenMoreThan: Int
    /// Ready once the last upload is more than this many seconds ago (and the queue is not
    /// empty); 0 turns the rule off.
    public var uploadWhenOlderThan: Int64

    public init(acceptSameEventAfter: Int64 = 0, uploadWhenMoreThan: Int = -1, uploadWhenOlderThan: Int64 = 0) {
        self.acceptSameEventAfter = acceptSameEventAfter
        self.uploadWhenMoreThan = uploadWhenMoreThan
        self.uploadWhenOlderThan = uploadWhenOlderThan
    }

    /// `sift-default`: app events and app-state snapshots; more than 32, or 60 s since the last upload.
    public static let standard = SiftQueueConfig(uploadWhenMoreThan: 32, uploadWhenOlderThan: 60)
    /// `sift-devprops`: device properties; any event is ready, and the same one is taken again only after an hour.
    public static let deviceProperties = SiftQueueConfig(acceptSameEventAfter: 3600, uploadWhenMoreThan: 0)
}
