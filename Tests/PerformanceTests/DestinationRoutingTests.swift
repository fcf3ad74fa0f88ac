import Performance
import SDKBenchTesting
import Synchronization
import Testing

/// What each destination receives: its filter, removal of all, and retiring ones.
struct DestinationRoutingTests {
    /// Records what the tracker hands it; `isDrained` is what the test says.
    final class RecordingDestination: PerformanceDestination {
        let received = Mutex<[String]>([])
        let flushes = Atomic(0)
        let drained = Atomic(false)
        var description: String { "recording" }

        func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void) {
            received.withLock { $0.append(entry.feature + "." + entry.layer) }
        }

        func tick(emit: (PerformanceEvent) -> Void) {}
        func flush(emit: (PerformanceEvent) -> Void) { flushes.add(1, ordering: .relaxed) }
        var isDrained: Bool { drained.load(ordering: .relaxed) }
    }

    private func time(_ tracker: PerformanceTracker, _ pairs: [(String, String)]) {
        for (feature, layer) in pairs {
            tracker.start(feature: feature, layer: layer)
            tracker.end(feature: feature, layer: layer)
        }
    }

    // seed 002 §3 (PerformanceDestination: "Optional: Filter predicate for selective logging")
    @Test func aDestinationReceivesOnlyWhatItsFilterAdmits() throws {
        let tracker = makeTracker(clock: ManualClock(100), log: EventLog())
        let all = RecordingDestination()
        let deposits = RecordingDestination()
        let api = RecordingDestination()
        let depositAPI = RecordingDestination()
        tracker.addDestination(all)
        tracker.addDestination(deposits, filter: DestinationFilter(feature: "deposit"))
        tracker.addDestination(api, filter: DestinationFilter(layer: "api"))
        tracker.addDestination(depositAPI, filter: DestinationFilter(feature: "deposit", layer: "api"))
        time(tracker, [("deposit", "api"), ("deposit", "web"), ("login", "api"), ("login", "app")])
        #expect(all.received.withLock { $0 } == ["deposit.api", "deposit.web", "login.api", "login.app"])
        #expect(deposits.received.withLock { $0 } == ["deposit.api", "deposit.web"])
        #expect(api.received.withLock { $0 } == ["deposit.api", "login.api"])
        #expect(depositAPI.received.withLock { $0 } == ["deposit.api"])
        #expect(tracker.destinations.map(\.filter.summary) == ["", "feature deposit", "layer api", "feature deposit, layer api"])
        // The cache keeps every timing whatever the destinations take.
        #expect(tracker.logs().count == 4)
    }

    // seed 002 §1 (PerformanceTracker API: removeAllDestinations)
    @Test func removeAllDestinationsFlushesEachAndLeavesNone() {
        let tracker = makeTracker(clock: ManualClock(100), log: EventLog())
        let first = RecordingDestination()
        let second = RecordingDestination()
        tracker.addDestination(first)
        tracker.addDestination(second)
        #expect(tracker.removeAllDestinations() == [1, 2])
        #expect(tracker.destinations.isEmpty)
        #expect(first.flushes.load(ordering: .relaxed) == 1 && second.flushes.load(ordering: .relaxed) == 1)
        time(tracker, [("deposit", "api")])
        #expect(first.received.withLock { $0 }.isEmpty)
        #expect(tracker.removeAllDestinations().isEmpty)
    }

    // seed 002 §1 (destinations are the ones the app added): one restored from a journal only delivers what it kept
    @Test func aRetiringDestinationTakesNoNewTimingsAndLeavesOnceDrained() throws {
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: ManualClock(100), log: log)
        let retiring = RecordingDestination()
        let id = tracker.addRetiringDestination(retiring, filter: DestinationFilter(feature: "deposit"))
        time(tracker, [("deposit", "api")])
        #expect(retiring.received.withLock { $0 }.isEmpty)
        tracker.flush()
        #expect(retiring.flushes.load(ordering: .relaxed) == 1)
        let listed = try #require(tracker.destinations.first)
        #expect(listed.isRetiring && listed.filter.feature == "deposit")
        tracker.tick()
        #expect(tracker.destinations.count == 1)
        retiring.drained.store(true, ordering: .relaxed)
        tracker.tick()
        #expect(tracker.destinations.isEmpty)
        #expect(log.all.contains(.retired(id: id, destination: "recording")))
    }
}
