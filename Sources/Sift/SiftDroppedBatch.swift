/// A batch dropped for good, and why.
public struct SiftDroppedBatch: Sendable, Equatable {
    public var events: Int
    public var reason: SiftUploaderStateMachine.DropReason
}
