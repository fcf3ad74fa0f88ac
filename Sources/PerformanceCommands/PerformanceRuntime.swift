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
            configuration: PerformanceConfiguration(), clock: environment.clock, deviceContext: Self.deviceContext(context),
            events: { event in PerformanceRuntime.render(event, to: output, during: explicitFlush) })
        defaultDirectory = environment.paths.performanceDirectory
        analyticsJournalDirectory = Self.analyticsJournalDirectory(environment.paths)
        clock = environment.clock
        restoreAnalytics()
    }

    func deviceChanged(_ context: EngineContext) { tracker.setDeviceContext(Self.deviceContext(context)) }

    private static func deviceContext(_ context: EngineContext) -> DeviceContext {
        DeviceContext(machine: context.machine, profile: context.device, appVersion: SDKBenchVersion.current, buildNumber: SDKBenchVersion.build)
    }

    static func hasWorkToRestore(_ paths: StatePaths) -> Bool {
        !AnalyticsJournal.pendingEndpoints(in: analyticsJournalDirectory(paths)).isEmpty
    }

    var tick: @Sendable () -> Void { { [tracker] in tracker.tick() } }

    static var idleStatus: EngineStatus {
        status(enabled: true, pending: 0, cached: 0, destinations: 0)
    }

    func status() -> EngineStatus {
        Self.status(
            enabled: tracker.isEnabled, pending: tracker.pendingSessions.count, cached: tracker.logs().count,
            destinations: tracker.destinations.count)
    }

    private static func status(enabled: Bool, pending: Int, cached: Int, destinations: Int) -> EngineStatus {
        EngineStatus(
            line: "\(enabled ? "enabled" : "disabled"), \(pending) pending, \(cached) cached, \(destinations) destinations",
            fields: ["enabled": .bool(enabled), "pending": .int(pending), "cached": .int(cached), "destinations": .int(destinations)])
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
        case .flushed: break
        }
    }

    /// Where analytics destinations journal what they have not sent.
    static func analyticsJournalDirectory(_ paths: StatePaths) -> String { paths.performanceDirectory + "/analytics" }

    /// Adds an analytics destination for `endpoint`, journaled, restoring what an earlier run left
    /// for it; an endpoint that already has one keeps it. Returns its id and how many timings it restored.
    func addAnalytics(
        endpoint: String, batchSize: Int = 50, flushInterval: Double = 60, insecure: Bool, at value: BoundValue?
    ) throws(ShellError) -> (id: Int, restored: Int) {
        if let existing = analytics.first(where: { $0.destination.endpoint == endpoint }) {
            output.line("perf analytics: \(endpoint) already has destination \(existing.id)")
            return (existing.id, 0)
        }
        let output = output
        let destination: AnalyticsDestination
        do {
            let journal = try AnalyticsJournal(directory: analyticsJournalDirectory, endpoint: endpoint)
            if journal.skipped > 0 { output.warn("perf analytics: \(journal.skipped) unreadable line\(journal.skipped == 1 ? "" : "s") in the journal of \(endpoint) skipped") }
            destination = try AnalyticsDestination(
                endpoint: endpoint, batchSize: batchSize, flushInterval: flushInterval,
                client: trace.client(timeout: 15, sdkHeadersAndCookies: false, insecure: insecure),
                clock: clock, appVersion: SDKBenchVersion.current, journal: journal,
                events: { [explicitFlush] event in PerformanceRuntime.render(event, to: output, during: explicitFlush) })
        } catch {
            throw .engine(error, action: "cannot add the analytics destination", at: value?.range)
        }
        let id = tracker.addDestination(destination)
        analytics.append((id, destination))
        if destination.restoredCount > 0 {
            output.line("[perf] restored \(destination.restoredCount) timing\(destination.restoredCount == 1 ? "" : "s") for \(endpoint) from the last run; sent at the next flush")
        }
        return (id, destination.restoredCount)
    }

    /// Re-creates the analytics destinations whose journals hold timings from an earlier run.
    private func restoreAnalytics() {
        for endpoint in AnalyticsJournal.pendingEndpoints(in: analyticsJournalDirectory) {
            do {
                _ = try addAnalytics(endpoint: endpoint, insecure: false, at: nil)
            } catch {
                output.warn(error.message)
            }
        }
    }

    /// Flushes every destination and waits until analytics requests are answered (Ctrl-C stops
    /// waiting); a destination whose request failed fails the flush.
    func flush(at range: SourceRange?) throws(ShellError) {
        let pending = analytics.map(\.destination)
        try AsyncBridge.run(at: range) {
            for destination in pending { await destination.waitUntilIdle() }
        }
        // Sends started before this command warned as they failed; this command's own are in its error.
        explicitFlush.isRunning.store(true, ordering: .releasing)
        defer { explicitFlush.isRunning.store(false, ordering: .releasing) }
        tracker.flush()
        try AsyncBridge.run(at: range) {
            for destination in pending { await destination.waitUntilIdle() }
        }
        let failures = pending.compactMap { destination in
            destination.lastFailure.map { "\(destination.endpoint): \($0) (\(destination.bufferedCount) kept for the next flush)" }
        }
        if !failures.isEmpty { throw .runtime("perf analytics: " + failures.joined(separator: "; "), at: range) }
    }

    /// Writes what file destinations hold and waits up to `budget` for analytics
    /// requests; their journals keep what was not delivered. `false` when a second signal cut
    /// the wait short.
    func shutdown(budget: Duration) -> Bool {
        explicitFlush.isRunning.store(true, ordering: .releasing)
        tracker.shutdown()
        let pending = analytics.map(\.destination)
        guard !pending.isEmpty else { return true }
        let outcome = AsyncBridge.wait(budget: budget) {
            for destination in pending { await destination.waitUntilIdle() }
        }
        if case .outOfTime = outcome { output.warn("perf analytics: requests still in flight at exit were abandoned") }
        for destination in pending { destination.close() }
        let left = pending.reduce(0) { $0 + $1.bufferedCount }
        if left > 0 { output.warn("perf analytics: \(left) timing\(left == 1 ? "" : "s") not sent; \(undeliveredFate)") }
        if case .interrupted = outcome { return false }
        return true
    }

    /// A histogram of each `feature.layer`'s timings (seconds in the tracker, milliseconds here).
    func latencyHistograms() -> [LatencyHistogram] {
        tracker.stats().map { stats in
            LatencyHistogram(
                name: "perf " + stats.key, count: stats.count, p50: stats.p50 * 1000, p99: stats.p99 * 1000, max: stats.max * 1000,
                buckets: tracker.histogram(feature: stats.feature, layer: stats.layer, buckets: 10).map {
                    LatencyHistogram.Bucket(lower: $0.lower * 1000, upper: $0.upper * 1000, count: $0.count)
                })
        }
    }
}
