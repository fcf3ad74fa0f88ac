import Testing

@testable import Sift

/// The uploader's rules, step by step, on given times.
struct SiftUploaderStateMachineTests {
    static func batch(_ seq: Int) -> SiftBatch { SiftBatch(seq: seq, eventCount: 1, body: []) }

    @Test func rejectsBackOffFiveTenThenTheThirdDropsAndTheNextBatchWaitsFive() {
        var uploader = SiftUploaderStateMachine(batches: [Self.batch(1), Self.batch(2)])
        #expect(uploader.next(configured: true) == .send(Self.batch(1)))
        #expect(uploader.next(configured: true) == .rest(.busy), "one batch at a time")
        #expect(uploader.answered(status: 500, now: 100) == .retry(after: 5, reason: .rejected(status: 500, rejects: 1)))
        #expect(uploader.next(configured: true) == .sleep(until: 105))
        uploader.retryTimerFired()
        #expect(uploader.next(configured: true) == .send(Self.batch(1)))
        #expect(uploader.answered(status: 503, now: 105) == .retry(after: 10, reason: .rejected(status: 503, rejects: 2)))
        uploader.retryTimerFired()
        _ = uploader.next(configured: true)
        #expect(uploader.answered(status: 500, now: 115) == .dropped(Self.batch(1), .rejectLimit(status: 500)))
        #expect(uploader.rejects == 0)
        #expect(uploader.next(configured: true) == .sleep(until: 120))
        uploader.retryTimerFired()
        #expect(uploader.next(configured: true) == .send(Self.batch(2)))
        #expect(uploader.answered(status: 200, now: 120) == .delivered(Self.batch(2)))
        #expect(uploader.next(configured: true) == .rest(.empty))
    }

    @Test func theBackoffDoublesFromFive() {
        let policy = SiftUploadPolicy()
        #expect([1, 2, 3, 4].map(policy.backoff(afterRejects:)) == [5, 10, 20, 40])
    }

    @Test func anArchivedRejectCountCarriesOn() {
        var uploader = SiftUploaderStateMachine(batches: [Self.batch(1)], rejects: 2)
        _ = uploader.next(configured: true)
        #expect(uploader.answered(status: 502, now: 0) == .dropped(Self.batch(1), .rejectLimit(status: 502)))
    }

    @Test func fourHundredDropsTheBatchAtOnce() {
        var uploader = SiftUploaderStateMachine(batches: [Self.batch(1)])
        _ = uploader.next(configured: true)
        #expect(uploader.answered(status: 400, now: 0) == .dropped(Self.batch(1), .badRequest))
        #expect(uploader.next(configured: true) == .rest(.empty))
    }

    @Test func onlyTwoHundredSucceeds() {
        var uploader = SiftUploaderStateMachine(batches: [Self.batch(1)])
        _ = uploader.next(configured: true)
        #expect(uploader.answered(status: 201, now: 0) == .retry(after: 5, reason: .rejected(status: 201, rejects: 1)))
    }

    @Test func transportErrorsRetryEveryFiveSecondsAndDropAtTheHundredTwentieth() {
        var uploader = SiftUploaderStateMachine(batches: [Self.batch(1)])
        var now = 0.0
        for attempt in 1..<120 {
            #expect(uploader.next(configured: true) == .send(Self.batch(1)))
            #expect(uploader.failed(error: "refused", now: now) == .retry(after: 5, reason: .transport(error: "refused", attempt: attempt)))
            #expect(uploader.rejects == 0, "transport errors are not rejects")
            now += 5
            uploader.retryTimerFired()
        }
        _ = uploader.next(configured: true)
        #expect(uploader.failed(error: "refused", now: now) == .dropped(Self.batch(1), .transportLimit(error: "refused")))
    }

    @Test func pausedAndUnconfiguredUploadersRest() {
        var uploader = SiftUploaderStateMachine(batches: [Self.batch(1)])
        #expect(uploader.next(configured: false) == .rest(.notConfigured))
        uploader.pause()
        #expect(uploader.next(configured: true) == .rest(.paused))
        uploader.resume()
        #expect(uploader.next(configured: true) == .send(Self.batch(1)))
        uploader.abandoned()
        #expect(uploader.next(configured: true) == .send(Self.batch(1)), "an abandoned send counts nothing")
    }

    @Test func theRateLimiterTakesThirtyInSixtySeconds() {
        var limiter = CollectionRateLimiter()
        for second in 0..<30 { #expect(limiter.take(now: Double(second)) == nil) }
        #expect(limiter.take(now: 30) == 60)
        #expect(limiter.take(now: 60) == nil, "the first one left the window")
    }
}
