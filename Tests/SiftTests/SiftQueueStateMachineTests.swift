import Testing

@testable import Sift

/// The queues' rules on given times: readiness by count and by age, the first-upload rule, and
/// same-event suppression.
struct SiftQueueStateMachineTests {
    static let start: Int64 = 1_731_927_483_234

    static func entry(_ seq: Int, _ time: Int64) -> SiftQueueStateMachine.Entry { .init(seq: seq, time: time, json: []) }

    @Test func theFirstEventIsReadyAtOnceBecauseNothingWasUploadedYet() {
        var queue = SiftQueueStateMachine(identifier: .standard)
        #expect(queue.readiness(nowMillis: Self.start) == .empty)
        queue.appended(Self.entry(0, Self.start), event: SiftEvent(time: Self.start, type: "a"))
        #expect(queue.readiness(nowMillis: Self.start) == .old(lastUploadMillis: 0, olderThan: 60))
    }

    @Test func afterAnUploadTheDefaultQueueWaitsForMoreThan32OrSixtySeconds() {
        var queue = SiftQueueStateMachine(identifier: .standard)
        _ = queue.transfer(nowMillis: Self.start)
        for index in 0..<32 {
            queue.appended(Self.entry(index, Self.start + Int64(index)), event: SiftEvent(time: Self.start, type: "e\(index)"))
        }
        #expect(queue.readiness(nowMillis: Self.start + 1000) == .waiting(count: 32, moreThan: 32, readyAfterMillis: Self.start + 60_000))
        // Exactly 60 s after the upload is not yet "more than" 60 s.
        #expect(!queue.readiness(nowMillis: Self.start + 60_000).isReady)
        #expect(queue.readiness(nowMillis: Self.start + 60_001) == .old(lastUploadMillis: Self.start, olderThan: 60))
        queue.appended(Self.entry(32, Self.start + 32), event: SiftEvent(time: Self.start, type: "e32"))
        #expect(queue.readiness(nowMillis: Self.start + 1000) == .full(count: 33, moreThan: 32))
        let moved = queue.transfer(nowMillis: Self.start + 1000)
        #expect(moved.count == 33)
        #expect(queue.readiness(nowMillis: Self.start + 100_000) == .empty)
        #expect(queue.lastUploadMillis == Self.start + 1000)
    }

    @Test func theDevicePropertiesQueueIsReadyWithAnyEvent() {
        var queue = SiftQueueStateMachine(identifier: .deviceProperties)
        _ = queue.transfer(nowMillis: Self.start)
        queue.appended(Self.entry(0, Self.start), event: SiftEvent(time: Self.start))
        #expect(queue.readiness(nowMillis: Self.start) == .full(count: 1, moreThan: 0))
    }

    @Test func theSameEventIsDroppedInsideTheHourAndAcceptedAfterIt() {
        var queue = SiftQueueStateMachine(identifier: .deviceProperties)
        var event = SiftEvent(time: Self.start)
        event.iosDeviceProperties = map(["device_name": "box"])
        #expect(queue.decide(event, nowMillis: Self.start) == .accept)
        queue.appended(Self.entry(0, Self.start), event: event)
        _ = queue.transfer(nowMillis: Self.start)
        var again = event
        again.time = Self.start + 3_599_999
        #expect(queue.decide(again, nowMillis: Self.start + 3_599_999) == .dropSame(acceptAgainAfterMillis: Self.start + 3_600_000))
        again.time = Self.start + 3_600_000
        #expect(queue.decide(again, nowMillis: Self.start + 3_600_000) == .accept)
        var different = event
        different.iosDeviceProperties = map(["device_name": "other"])
        #expect(queue.decide(different, nowMillis: Self.start + 1) == .accept)
    }

    @Test func theDefaultQueueNeverDropsRepeats() {
        var queue = SiftQueueStateMachine(identifier: .standard)
        let event = SiftEvent(time: Self.start, type: "tap")
        queue.appended(Self.entry(0, Self.start), event: event)
        #expect(queue.decide(event, nowMillis: Self.start) == .accept)
    }
}
