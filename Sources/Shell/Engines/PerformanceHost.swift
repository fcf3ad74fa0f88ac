import Dispatch
import Performance

/// Owns the Performance tracker for the session: builds it, ticks it, routes its events to output.
final class PerformanceHost {
    let tracker: PerformanceTracker
    let defaultDirectory: String
    private let ticker: DispatchSourceTimer?

    let trace: TraceSink

    init(environment: ShellEnvironment, output: Output, device context: DeviceContext, trace: TraceSink) {
        self.trace = trace
        tracker = PerformanceTracker(
            configuration: PerformanceConfiguration(), clock: environment.performanceClock, deviceContext: context,
            events: { event in PerformanceHost.render(event, to: output) })
        defaultDirectory = environment.paths.performanceDirectory
        if environment.startsTicker {
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
            timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
            timer.setEventHandler { [tracker] in tracker.tick() }
            timer.resume()
            ticker = timer
        } else {
            ticker = nil
        }
    }

    static func render(_ event: PerformanceEvent, to output: Output) {
        switch event {
        case .consoleLine(let line): output.line(line)
        case .warning(let message): output.warn(message)
        case .destinationFailed(let destination, let message): output.warn("perf destination \(destination): \(message)")
        case .flushed: break
        }
    }

    func shutdown() {
        ticker?.cancel()
        tracker.shutdown()
    }
}
