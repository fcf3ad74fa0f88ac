import Performance
import SDKBenchTesting
import Testing

struct TrackerTests {
    @Test func endMatchesTheOldestStartOfTheSameFeatureAndLayer() throws {
        let clock = ManualClock(1_731_927_483.234)
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        tracker.start(feature: "deposit", layer: "api", metadata: ["n": "1"])
        clock.advance(by: .seconds(1))
        tracker.start(feature: "login", layer: "api")
        tracker.start(feature: "deposit", layer: "api", metadata: ["n": "2"])
        clock.advance(by: .seconds(0.5))
        let first = try #require(tracker.end(feature: "deposit", layer: "api", metadata: ["status": "success"]))
        #expect(first.metadata == ["n": "1", "status": "success"])
        #expect(first.duration == 1.5)
        #expect(first.id == "deposit_api_1731927483.234")
        #expect(first.context == testDevice)
        let second = try #require(tracker.end(feature: "deposit", layer: "api"))
        #expect(second.metadata == ["n": "2"])
        #expect(second.duration == 0.5)
        #expect(tracker.pendingSessions.map(\.feature) == ["login"])
        #expect(log.warnings.isEmpty)
    }

    @Test func endWithoutStartIsAWarningNotAnEntry() {
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: ManualClock(0), log: log)
        #expect(tracker.end(feature: "deposit", layer: "web") == nil)
        #expect(log.warnings == ["end() called for deposit.web without start()"])
        #expect(tracker.logs().isEmpty)
    }

    @Test func sessionsExpireAfterTheTimeoutOnTick() {
        let clock = ManualClock(1000)
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        tracker.start(feature: "deposit", layer: "api")
        clock.advance(by: .seconds(200))
        tracker.start(feature: "login", layer: "web")
        clock.advance(by: .seconds(99))
        tracker.tick()
        #expect(tracker.pendingCount == 2)
        clock.advance(by: .seconds(1))  // the first is now exactly 300 s old
        tracker.tick()
        #expect(tracker.pendingSessions.map(\.feature) == ["login"])
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.hasPrefix("session deposit.api started at 1970-01-01T00:16:40.000Z expired") == true)
        // An expired session no longer matches an end.
        #expect(tracker.end(feature: "deposit", layer: "api") == nil)
    }

    @Test func endedSessionsAreSkippedByExpiry() throws {
        let clock = ManualClock(0)
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        for _ in 0..<3 { tracker.start(feature: "a", layer: "b") }
        tracker.start(feature: "c", layer: "d")
        _ = try #require(tracker.end(feature: "a", layer: "b"))
        _ = try #require(tracker.end(feature: "a", layer: "b"))
        clock.advance(by: .seconds(301))
        tracker.tick()
        #expect(tracker.pendingCount == 0)
        #expect(log.warnings.count == 2)
    }

    @Test func cacheKeepsTheLastEntriesAndFilters() {
        let clock = ManualClock(0)
        let tracker = makeTracker(clock: clock, log: EventLog<PerformanceEvent>(), capacity: 3)
        for (index, feature) in ["deposit", "login", "deposit", "withdraw", "deposit"].enumerated() {
            tracker.start(feature: feature, layer: index % 2 == 0 ? "api" : "web")
            clock.advance(by: .seconds(1))
            tracker.end(feature: feature, layer: index % 2 == 0 ? "api" : "web")
        }
        #expect(tracker.logs().map(\.feature) == ["deposit", "withdraw", "deposit"])
        #expect(tracker.logs(feature: "deposit").count == 2)
        #expect(tracker.logs(layer: "web").map(\.feature) == ["withdraw"])
        #expect(tracker.logs(feature: "withdraw", layer: "api").isEmpty)
    }

    /// A tracker that timed deposit.api once for each of `milliseconds`.
    private func trackerTiming(milliseconds: ClosedRange<Int>) -> PerformanceTracker {
        let clock = ManualClock(0)
        let tracker = makeTracker(clock: clock, log: EventLog<PerformanceEvent>(), capacity: 10)
        for duration in milliseconds {
            tracker.start(feature: "deposit", layer: "api")
            clock.advance(by: .milliseconds(duration))
            tracker.end(feature: "deposit", layer: "api")
        }
        return tracker
    }

    /// Past the timings kept one by one (256), the histogram holds them all: the figures of
    /// 1,000 timings are those of 1 to 1,000 ms, and of the bars, each holds a tenth.
    @Test func statsHoldPastTheTimingsKeptOneByOne() throws {
        let tracker = trackerTiming(milliseconds: 1...1000)
        let stats = try #require(tracker.stats().first)
        #expect(stats.count == 1000)
        #expect(abs(stats.p50 - 0.500) < 0.001)
        #expect(abs(stats.p99 - 0.990) < 0.001)
        let bars = tracker.histogram(feature: "deposit", layer: "api", buckets: 10)
        #expect(bars.map(\.count).reduce(0, +) == 1000)
        #expect(bars.allSatisfy { abs($0.count - 100) <= 1 }, "\(bars.map(\.count))")
    }

    @Test func statsSummariseEveryTiming() throws {
        let tracker = trackerTiming(milliseconds: 1...100)
        let stats = try #require(tracker.stats().first)
        #expect(stats.key == "deposit.api")
        #expect(stats.count == 100)  // more than the cache holds
        #expect(abs(stats.min - 0.001) < 1e-9)
        #expect(abs(stats.max - 0.100) < 1e-9)
        #expect(abs(stats.p50 - 0.050) < 0.0001)
        #expect(abs(stats.p90 - 0.090) < 0.0001)
        #expect(abs(stats.p99 - 0.099) < 0.0001)
        let bars = tracker.histogram(feature: "deposit", layer: "api", buckets: 10)
        #expect(bars.count == 10)
        #expect(bars.map(\.count).reduce(0, +) == 100)
        #expect(bars.allSatisfy { $0.count == 10 })
        tracker.clear()
        #expect(tracker.stats().isEmpty)
    }

    @Test func disabledTrackerIgnoresStartAndEnd() {
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: ManualClock(0), log: log)
        tracker.disable()
        #expect(tracker.start(feature: "a", layer: "b") == nil)
        #expect(tracker.end(feature: "a", layer: "b") == nil)
        #expect(log.warnings.isEmpty)
        tracker.enable()
        #expect(tracker.start(feature: "a", layer: "b") != nil)
    }

    @Test func userIdIsStoredAsItsSHA256() throws {
        let tracker = makeTracker(clock: ManualClock(0), log: EventLog<PerformanceEvent>())
        tracker.setUser("user-42")
        tracker.start(feature: "a", layer: "b")
        let entry = try #require(tracker.end(feature: "a", layer: "b"))
        // printf 'user-42' | sha256sum
        #expect(entry.userIDHash == "6d894aa3ee802549d7f340e7c1cf0d1c1cb14cd84f768d92ffaa6785337c4997")
        tracker.setUser(nil)
        #expect(tracker.userIDHash == nil)
        #expect(UserHash.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(UserHash.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func consoleDestinationLevels() throws {
        let clock = ManualClock(1_731_927_483.234)
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        tracker.addDestination(ConsoleDestination(level: .minimal))
        tracker.addDestination(ConsoleDestination(level: .standard))
        tracker.addDestination(ConsoleDestination(level: .verbose))
        tracker.start(feature: "deposit", layer: "api", metadata: ["status": "success"])
        clock.advance(by: .seconds(1.234))
        tracker.end(feature: "deposit", layer: "api")
        let lines = log.all.compactMap { if case .consoleLine(let line) = $0 { line } else { nil } }
        #expect(lines.count == 3)
        #expect(lines[0] == "[Performance] 1.234s")
        #expect(lines[1] == "[Performance] deposit.api completed in 1.234s")
        #expect(lines[2].hasPrefix("[Performance] deposit.api completed in 1.234s id=deposit_api_1731927483.234"))
        #expect(lines[2].contains("metadata: status=success"))
        #expect(tracker.destinations.map(\.id) == [1, 2, 3])
        #expect(tracker.removeDestination(id: 2))
        #expect(!tracker.removeDestination(id: 2))
        #expect(tracker.destinations.map(\.id) == [1, 3])
    }
}

struct RecentItemsTests {
    @Test func keepsTheLastElementsInOrder() {
        var buffer = RecentItems<Int>(capacity: 3)
        #expect(buffer.all().isEmpty)
        for value in 1...2 { buffer.append(value) }
        #expect(buffer.all() == [1, 2])
        for value in 3...7 { buffer.append(value) }
        #expect(buffer.all() == [5, 6, 7])
        #expect(buffer.count == 3)
        #expect(buffer.filter { $0 % 2 == 1 } == [5, 7])
        buffer.clear()
        #expect(buffer.isEmpty)
        buffer.append(9)
        #expect(buffer.all() == [9])
    }
}
