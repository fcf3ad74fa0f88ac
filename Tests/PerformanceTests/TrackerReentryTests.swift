import Performance
import SDKBenchTesting
import Synchronization
import Testing

/// Destinations and event handlers run with no tracker lock held: they may call back in.
@Suite(.timeLimit(.minutes(1)))
struct TrackerReentryTests {
    /// A destination that reads the tracker and starts a new timing from inside its callbacks.
    final class ReenteringDestination: PerformanceDestination {
        let tracker = Mutex<PerformanceTracker?>(nil)
        let seen = Mutex<[String]>([])
        var description: String { "reentering" }

        func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void) {
            guard let tracker = tracker.withLock({ $0 }) else { return }
            let cached = tracker.logs().count
            let destinations = tracker.destinations.count
            seen.withLock { $0.append("log \(entry.feature) cached=\(cached) destinations=\(destinations)") }
            if entry.feature == "outer" { tracker.start(feature: "inner", layer: "api") }
            emit(.warning("logged \(entry.feature)"))
        }

        func tick(emit: (PerformanceEvent) -> Void) {
            guard let tracker = tracker.withLock({ $0 }) else { return }
            seen.withLock { $0.append("tick pending=\(tracker.pendingCount)") }
        }

        func flush(emit: (PerformanceEvent) -> Void) {
            guard let tracker = tracker.withLock({ $0 }) else { return }
            seen.withLock { $0.append("flush stats=\(tracker.stats().count)") }
        }
    }

    @Test func aDestinationMayCallBackIntoItsTracker() throws {
        let clock = ManualClock(100)
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        let destination = ReenteringDestination()
        destination.tracker.withLock { $0 = tracker }
        tracker.addDestination(destination)
        tracker.start(feature: "outer", layer: "api")
        _ = try #require(tracker.end(feature: "outer", layer: "api"))
        tracker.tick()
        tracker.flush()
        #expect(tracker.removeDestination(id: 1))
        #expect(destination.seen.withLock { $0 } == ["log outer cached=1 destinations=1", "tick pending=1", "flush stats=1", "flush stats=1"])
        #expect(tracker.pendingSessions.map(\.feature) == ["inner"])
        #expect(log.warnings == ["logged outer"])
    }

    @Test func idsAreUniqueWithinARunInTheKitsShape() throws {
        let clock = ManualClock(1_731_927_483.234)
        let tracker = makeTracker(clock: clock, log: EventLog<PerformanceEvent>())
        for _ in 0..<3 { tracker.start(feature: "deposit", layer: "api") }
        tracker.start(feature: "login", layer: "api")
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try #require(tracker.end(feature: "deposit", layer: "api")).id) }
        ids.append(try #require(tracker.end(feature: "login", layer: "api")).id)
        #expect(ids == ["deposit_api_1731927483.234", "deposit_api_1731927483.234001", "deposit_api_1731927483.234002", "login_api_1731927483.234"])
        clock.advance(by: .seconds(0.001))
        tracker.start(feature: "deposit", layer: "api")
        #expect(try #require(tracker.end(feature: "deposit", layer: "api")).id == "deposit_api_1731927483.235")
    }
}
