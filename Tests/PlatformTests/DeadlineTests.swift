import Platform
import SDKBenchTesting
import Testing

struct DeadlineTests {
    @Test func theOperationsValueWhenItEndsFirst() async {
        let clock = ManualClock()
        let value = await withDeadline(.seconds(2), on: clock) { 42 }
        #expect(value == 42)
    }

    /// At the deadline the caller has `nil` at once and the operation is cancelled.
    @Test func nilAtTheDeadlineAndTheOperationIsCancelled() async {
        let clock = ManualClock()
        let (ended, ending) = AsyncStream.makeStream(of: String.self)
        let waiting = Task {
            await withDeadline(.seconds(2), on: clock) {
                do {
                    try await Task.sleep(for: .seconds(3600))
                    ending.yield("slept")
                } catch {
                    ending.yield("cancelled")
                }
                return 1
            }
        }
        await clock.waitForSleeper()
        #expect(clock.pendingSleep == .seconds(2))
        clock.advance(by: .seconds(2))
        #expect(await waiting.value == nil)
        var endings = ended.makeAsyncIterator()
        #expect(await endings.next() == "cancelled")
    }

    /// Cancelling the caller cancels the operation, which ends the wait before the deadline.
    @Test func cancellingTheCallerCancelsTheOperation() async {
        let clock = ManualClock()
        let waiting = Task {
            await withDeadline(.seconds(2), on: clock) { () -> String in
                do {
                    try await Task.sleep(for: .seconds(3600))
                    return "slept"
                } catch {
                    return "cancelled"
                }
            }
        }
        await clock.waitForSleeper()
        waiting.cancel()
        #expect(await waiting.value == "cancelled")
    }
}
