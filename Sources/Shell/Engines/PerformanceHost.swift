import Dispatch
import Performance
import Script

/// Owns the Performance tracker for the session: builds it, ticks it, routes its events to output.
final class PerformanceHost {
    let tracker: PerformanceTracker
    let defaultDirectory: String
    private let ticker: DispatchSourceTimer?

    let trace: TraceSink
    let output: Output
    /// Analytics destinations send in the background; shutdown waits for them.
    private var analytics: [AnalyticsDestination] = []
    /// Seconds shutdown waits for analytics requests in flight.
    static let shutdownBudget = 5.0

    init(environment: ShellEnvironment, output: Output, device context: DeviceContext, trace: TraceSink) {
        self.trace = trace
        self.output = output
        tracker = PerformanceTracker(
            configuration: PerformanceConfiguration(), clock: environment.performanceClock, deviceContext: context,
            events: { event in PerformanceHost.render(event, to: output) })
        defaultDirectory = environment.paths.performanceDirectory
        ticker = Ticker.start(if: environment.startsTicker) { [tracker] in tracker.tick() }
    }

    static func render(_ event: PerformanceEvent, to output: Output) {
        switch event {
        case .consoleLine(let line): output.line(line)
        case .warning(let message): output.warn(message)
        case .destinationFailed(let destination, let message): output.warn("perf destination \(destination): \(message)")
        case .flushed: break
        }
    }

    /// Adds an analytics destination and remembers it for shutdown.
    func addAnalytics(_ destination: AnalyticsDestination) -> Int {
        analytics.append(destination)
        return tracker.addDestination(destination)
    }

    /// Flushes every destination and waits until analytics requests are answered (Ctrl-C stops waiting).
    func flush(at range: SourceRange?) throws(ShellError) {
        let pending = analytics
        try AsyncBridge.run(at: range) {
            for destination in pending { await destination.waitUntilIdle() }
        }
        tracker.flush()
        try AsyncBridge.run(at: range) {
            for destination in pending { await destination.waitUntilIdle() }
        }
    }

    func shutdown() {
        ticker?.cancel()
        tracker.shutdown()
        let pending = analytics
        guard !pending.isEmpty else { return }
        let finished = AsyncBridge.wait {
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for destination in pending { await destination.waitUntilIdle() }
                    return true
                }
                group.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(PerformanceHost.shutdownBudget * 1e9))
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
        }
        if !finished { output.warn("perf analytics: requests still in flight at exit were abandoned") }
        let left = pending.reduce(0) { $0 + $1.bufferedCount }
        if left > 0 { output.warn("perf analytics: \(left) entries could not be sent before exit") }
    }
}
