import Testing

@testable import Hamon

struct FlushScheduleTests {
    @Test func theTenthEventTriggersAFlushOnceAUserIsSet() {
        var schedule = FlushSchedule()
        for count in 1...9 { #expect(schedule.eventAdded(count: count, hasUser: true, now: 100) == .none) }
        #expect(schedule.eventAdded(count: 10, hasUser: true, now: 100) == .flush(.count))
        #expect(schedule.eventAdded(count: 11, hasUser: true, now: 100) == .flush(.count))
    }

    @Test func withoutAUserEventsWaitAndSettingOneMayFlush() {
        var schedule = FlushSchedule()
        for count in 1...12 { #expect(schedule.eventAdded(count: count, hasUser: false, now: 100) == .waitForUser) }
        #expect(schedule.tick(count: 12, hasUser: false, now: 200) == .none)
        #expect(schedule.userSet(count: 12, now: 200) == .flush(.count))
        #expect(schedule.userSet(count: 3, now: 200) == .none)
    }

    @Test func tenSecondsAfterTheFirstBufferedEventTheTimerFlushes() {
        var schedule = FlushSchedule()
        _ = schedule.eventAdded(count: 1, hasUser: true, now: 100)
        _ = schedule.eventAdded(count: 2, hasUser: true, now: 105)
        #expect(schedule.tick(count: 2, hasUser: true, now: 109.9) == .none)
        #expect(schedule.tick(count: 2, hasUser: true, now: 110) == .flush(.timer))
        schedule.drained(remaining: 0, now: 110)
        #expect(schedule.tick(count: 0, hasUser: true, now: 200) == .none)
        _ = schedule.eventAdded(count: 1, hasUser: true, now: 300)
        #expect(schedule.tick(count: 1, hasUser: true, now: 309) == .none)
        #expect(schedule.tick(count: 1, hasUser: true, now: 310) == .flush(.timer))
    }

    @Test func afterAFailedAutomaticFlushTheCountRuleRestsUntilTheTimerIsDue() {
        var schedule = FlushSchedule()
        _ = schedule.eventAdded(count: 10, hasUser: true, now: 100)
        schedule.failed(now: 101, automatic: true)
        #expect(schedule.eventAdded(count: 11, hasUser: true, now: 102) == .none)
        #expect(schedule.tick(count: 11, hasUser: true, now: 110) == .none)
        #expect(schedule.tick(count: 11, hasUser: true, now: 111) == .flush(.timer))
        #expect(schedule.eventAdded(count: 12, hasUser: true, now: 111) == .flush(.count))
        schedule.failed(now: 112, automatic: false)
        #expect(schedule.eventAdded(count: 13, hasUser: true, now: 112) == .flush(.count))
    }
}
