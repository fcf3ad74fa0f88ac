/// A batch dropped for good, and why.
package struct SiftDroppedBatch: Sendable, Equatable {
    package var events: Int
    package var reason: SiftUploaderStateMachine.DropReason
}
