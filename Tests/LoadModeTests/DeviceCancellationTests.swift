import Synchronization
import Testing

@testable import LoadMode

/// A device's task in progress is cancelled from outside it, whichever of its tasks that is, and
/// a cancellation that came first cancels the next task at once.
@Suite(.timeLimit(.minutes(1)))
struct DeviceCancellationTests {
    @Test func cancelEndsTheTaskInProgress() async throws {
        let cancellation = DeviceCancellation()
        let sawCancel = Atomic(false)
        let first = cancellation.run(on: nil) {}
        await first.value
        let second = cancellation.run(on: nil) {
            // Ends only when cancelled (the test's time limit otherwise).
            while !Task.isCancelled { await Task.yield() }
            sawCancel.store(true, ordering: .relaxed)
        }
        cancellation.cancel()
        await second.value
        let saw = sawCancel.load(ordering: .relaxed)
        #expect(saw, "the device's second task, not its ended first, was cancelled")
    }

    @Test func aCancelBeforeTheTaskCancelsItAtOnce() async throws {
        let cancellation = DeviceCancellation()
        cancellation.cancel()
        let cancelled = Atomic(false)
        await cancellation.run(on: nil) {
            while !Task.isCancelled { await Task.yield() }
            cancelled.store(true, ordering: .relaxed)
        }.value
        let saw = cancelled.load(ordering: .relaxed)
        #expect(saw)
    }
}
