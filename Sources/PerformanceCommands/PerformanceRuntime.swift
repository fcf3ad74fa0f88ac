import JSON
import Performance
import Platform
import Script
import Shell
import Synchronization

/// Owns the Performance tracker for the session: builds it (restoring analytics timings an
/// earlier run left), ticks it, routes its events to output.
final class PerformanceRuntime: EngineRuntime {
    static let name = "perf"

    let tracker: PerformanceTracker
    let defaultDirectory: String
    /// Where this session's analytics destinations journal what they have not sent.
    private let analyticsJournalDirectory: String
    /// `.memory`: destinations keep no journal, and nothing is restored.
    private let storage: StateStorage

    let trace: TraceSink
    let output: ShellEventRouter
    private let undeliveredFate: String
    /// Analytics destinations send in the background; shutdown waits for them.
    private var analytics: [(id: Int, destination: AnalyticsDestination)] = []
    private let clock: any WallClock
    /// Set while `perf flush` or shutdown runs: each says in one line what was kept, so an
    /// analytics destination's own failure warning would say it twice.
    private let explicitFlush: ExplicitFlush

    final class ExplicitFlush: Sendable {
        let isRunning = Atomic(false)
    }

    init(context: EngineContext) {
        trace = context.trace
        let output = context.events
        self.output = output
        undeliveredFate = context.undeliveredFate
        let environment = context.environment
        let explicitFlush = ExplicitFlush()
        self.explicitFlush = explicitFlush
        tracker = PerformanceTracker(
            configuration: PerformanceConfiguration(),
            clock: environment.clock,
            deviceContext: Self.deviceContext(context),
            events: { event in PerformanceRuntime.render(event, to: output, during: explicitFlush) }
        )
        defaultDirectory = environment.paths.performanceDirectory
        analyticsJournalDirectory = Self.analyticsJournalDirectory(environment.paths)
        clock = environment.clock
        storage = environment.stateStorage
        if storage == .files { restoreAnalytics() }
    }

    func deviceChanged(_ context: EngineContext) { tracker.setDeviceContext(Self.deviceContext(context)) }

    private static func deviceContext(_ context: EngineContext) -> DeviceContext {
        DeviceContext(machine: context.machine, profile: context.device, appVersion: SDKBenchVersion.current, buildNumber: SDKBenchVersion.build)
    }

    static func hasWorkToRestore(_ paths: StatePaths) -> Bool {
        !AnalyticsJournal.pending(in: analyticsJournalDirectory(paths)).isEmpty
    }

    var tick: @Sendable () -> Void { { [tracker] in tracker.tick() } }

    static var idleStatus: EngineStatus {
        status(enabled: true, pending: 0, cached: 0, destinations: 0)
    }

    func status() -> EngineStatus {
        Self.status(
            enabled: tracker.isEnabled,
            pending: tracker.pendingSessions.count,
            cached: tracker.logs().count,
            destinations: tracker.destinations.count
        )
    }

    private static func status(enabled: Bool, pending: Int, cached: Int, destinations: Int) -> EngineStatus {
        EngineStatus(
            line: "\(enabled ? "enabled" : "disabled"), \(pending) pending, \(cached) cached, \(destinations) destinations",
            fields: ["enabled": .bool(enabled), "pending": .int(pending), "cached": .int(cached), "destinations": .int(destinations)]
        )
    }

    static func render(_ event: PerformanceEvent, to output: ShellEventRouter, during flush: ExplicitFlush) {
        switch event {
        case .consoleLine(let line): output.line(line)
        case .warning(let message): output.warn(message)
        case .destinationFailed(let destination, let message):
            // `perf flush` names failed analytics destinations in its error; a file's failure it does not.
            if destination != "analytics" || !flush.isRunning.load(ordering: .acquiring) {
                output.warn("perf destination \(destination): \(message)")
            }
        case .retired(let id, let destination):
            output.line("[perf] destination \(id) (\(destination)) delivered what the last run kept and is retired")
        case .flushed: break
        }
    }

    /// Where analytics destinations journal what they have not sent.
    static func analyticsJournalDirectory(_ paths: StatePaths) -> String { paths.performanceDirectory + "/analytics" }

    /// Adds an analytics destination with `settings`, journaled, taking over what an earlier run
    /// kept for its endpoint; an endpoint that already has a receiving destination keeps it.
    /// Returns its id and how many timings it took over.
    func addAnalytics(_ settings: AnalyticsSettings, insecure: Bool, at value: BoundValue?) async throws(ShellError) -> (id: Int, restored: Int) {
        let endpoint = settings.endpoint
        if let existing = analytics.first(where: { $0.destination.endpoint == endpoint }) {
            if tracker.destinations.contains(where: { $0.id == existing.id && !$0.isRetiring }) {
                output.line("perf analytics: \(endpoint) already has destination \(existing.id)")
                return (existing.id, 0)
            }
            try await release(existing, at: value?.range)
        }
        let destination = try makeAnalytics(settings, insecure: insecure, at: value)
        let id = tracker.addDestination(destination, filter: settings.filter)
        analytics.append((id, destination))
        if destination.restoredCount > 0 {
            output.line("[perf] destination \(id) takes over \(Self.timings(destination.restoredCount)) kept for \(endpoint); sent at the next flush")
        }
        return (id, destination.restoredCount)
    }

    /// A retiring or removed destination still holds its endpoint's journal: it delivers what it
    /// can, then lets go, and a new destination restores the rest.
    private func release(_ existing: (id: Int, destination: AnalyticsDestination), at range: SourceRange?) async throws(ShellError) {
        _ = tracker.removeDestination(id: existing.id)
        try await AsyncBridge.run(at: range) { await existing.destination.waitUntilIdle() }
        existing.destination.close()
        analytics.removeAll { $0.id == existing.id }
    }

    private func makeAnalytics(_ settings: AnalyticsSettings, insecure: Bool, at value: BoundValue?) throws(ShellError) -> AnalyticsDestination {
        let output = output
        do {
            var journal: AnalyticsJournal?
            if storage == .files { journal = try AnalyticsJournal(directory: analyticsJournalDirectory, settings: settings) }
            if let journal, journal.skipped > 0 {
                output.warn(
                    "perf analytics: \(journal.skipped) unreadable line\(journal.skipped == 1 ? "" : "s") in the journal of \(settings.endpoint) skipped"
                )
            }
            return try AnalyticsDestination(
                endpoint: settings.endpoint,
                batchSize: settings.batchSize,
                flushInterval: settings.flushInterval,
                client: trace.client(timeout: 15, sdkHeadersAndCookies: false, insecure: insecure),
                clock: clock,
                appVersion: SDKBenchVersion.current,
                journal: journal,
                events: { [explicitFlush] event in PerformanceRuntime.render(event, to: output, during: explicitFlush) }
            )
        } catch {
            throw .engine(error, action: "cannot add the analytics destination", at: value?.range)
        }
    }

    /// Re-creates, with the settings they were added with, the analytics destinations whose
    /// journals hold timings from an earlier run. They only deliver those and then retire: a
    /// destination this run did not add receives none of its timings.
    private func restoreAnalytics() {
        for settings in AnalyticsJournal.pending(in: analyticsJournalDirectory) {
            do {
                let destination = try makeAnalytics(settings, insecure: false, at: nil)
                let id = tracker.addRetiringDestination(destination, filter: settings.filter)
                analytics.append((id, destination))
                output.line(
                    "[perf] restored \(Self.timings(destination.restoredCount)) for \(settings.endpoint) from the last run "
                        + "as destination \(id) (\(settings.summary)); "
                        + "it sends them at the next flush or interval, then retires, and takes no new timings "
                        + "('perf destination add analytics \(settings.endpoint)' sends there again)"
                )
            } catch {
                output.warn(error.message)
            }
        }
    }

    private static func timings(_ count: Int) -> String { "\(count) timing\(count == 1 ? "" : "s")" }

    /// Flushes every destination and waits until analytics requests are answered (Ctrl-C stops
    /// waiting); a destination whose request failed fails the flush.
    func flush(at range: SourceRange?) async throws(ShellError) {
        let pending = analytics.map(\.destination)
        try await AsyncBridge.run(at: range) {
            for destination in pending { await destination.waitUntilIdle() }
        }
        // Sends started before this command warned as they failed; this command's own are in its error.
        explicitFlush.isRunning.store(true, ordering: .releasing)
        defer { explicitFlush.isRunning.store(false, ordering: .releasing) }
        tracker.flush()
        try await AsyncBridge.run(at: range) {
            for destination in pending { await destination.waitUntilIdle() }
        }
        tracker.retireDrained()
        let failures = pending.compactMap { destination in
            destination.lastFailure.map { "\(destination.endpoint): \($0) (\(destination.bufferedCount) kept for the next flush)" }
        }
        if !failures.isEmpty { throw .runtime("perf analytics: " + failures.joined(separator: "; "), at: range) }
    }

    /// Writes what file destinations hold and waits up to `budget` for analytics
    /// requests; their journals keep what was not delivered. `false` when a second signal cut
    /// the wait short.
    func shutdown(budget: Duration) async -> Bool {
        explicitFlush.isRunning.store(true, ordering: .releasing)
        tracker.shutdown()
        let destinations = analytics.map(\.destination)
        // Drained destinations (a load device that flushed) need no wait, nor a task and a timer
        // for one: 100,000 devices' waits made the end of a fleet's run seconds long.
        let busy = destinations.filter { !$0.isDrained }
        var outcome = ShutdownWait<Void>.done(())
        if !busy.isEmpty {
            outcome = await AsyncBridge.wait(budget: budget) {
                for destination in busy { await destination.waitUntilIdle() }
            }
        }
        if case .outOfTime = outcome { output.warn("perf analytics: requests still in flight at exit were abandoned") }
        for destination in destinations { destination.close() }
        let left = destinations.reduce(0) { $0 + $1.bufferedCount }
        if left > 0 { output.warn("perf analytics: \(left) timing\(left == 1 ? "" : "s") not sent; \(undeliveredFate)") }
        if case .interrupted = outcome { return false }
        return true
    }

    /// A histogram of each `feature.layer`'s timings (seconds in the tracker, milliseconds here).
    func latencyHistograms() -> [LatencyHistogram] {
        tracker.stats().map { stats in
            LatencyHistogram(
                name: "perf " + stats.key,
                count: stats.count,
                p50: stats.p50 * 1000,
                p99: stats.p99 * 1000,
                max: stats.max * 1000,
                buckets: tracker.histogram(feature: stats.feature, layer: stats.layer, buckets: 10).map {
                    LatencyHistogram.Bucket(lower: $0.lower * 1000, upper: $0.upper * 1000, count: $0.count)
                }
            )
        }
    }
}
