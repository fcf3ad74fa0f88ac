import Dispatch
import Platform
import Shell

/// The outputs one run was given, called as `LoadOutput` says: `start`, a sample every
/// `samplePeriod` on a thread of their own while the devices run, `stop`, then `end`.
package final class LoadOutputs: Sendable {
    /// Each output with what asked for it.
    package let outputs: [(spec: LoadOutputSpec, output: any LoadOutput)]
    private let samplePeriod: Duration
    private let terminal: Output
    private let done = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    /// - Parameter samplePeriod: how often an output that `takesSamples` is sampled (a quarter
    ///   second: the progress block's redraws).
    package init(_ specs: [LoadOutputSpec], terminal: Output, environment: [String: String], samplePeriod: Duration = .milliseconds(250)) {
        outputs = specs.map { spec in
            (spec, spec.kind.make(LoadOutputParameters(target: spec.target, terminal: terminal, environment: environment)))
        }
        self.samplePeriod = samplePeriod
        self.terminal = terminal
    }

    /// Whether the run keeps each second's histograms: only for an output that reads them.
    package var keepsIntervals: Bool { outputs.contains { $0.spec.kind.keepsIntervals } }

    private var sampled: [any LoadOutput] { outputs.map(\.output).filter(\.takesSamples) }

    /// Starts every output, and the sampling thread when one takes samples.
    package func start(plan: LoadPlan, metrics: LoadMetrics, control: LoadControl) {
        let start = LoadOutputStart(plan: plan, startedAt: SystemClock().now())
        for (_, output) in outputs { output.start(start) }
        let sampled = sampled
        guard !sampled.isEmpty else { return }
        let began = ContinuousClock.now
        let period = Int(samplePeriod.inSeconds * 1_000_000)
        DispatchQueue(label: "sdkbench.load.outputs").async { [done, stopped] in
            while done.wait(timeout: .now() + .microseconds(period)) == .timedOut {
                let sample = LoadOutputSample(elapsed: began.duration(to: .now).inSeconds, activeDevices: control.activeDevices, metrics: metrics)
                for output in sampled { output.sample(sample) }
            }
            stopped.signal()
        }
    }

    /// Stops sampling (a sample in progress finishes first), then tells every output the devices stopped.
    package func stop() {
        if !sampled.isEmpty {
            done.signal()
            stopped.wait()
        }
        for (_, output) in outputs { output.stop() }
    }

    /// Hands every output the report, in the order they were asked for; a failure is said on
    /// standard error and the others are still written.
    ///
    /// - Returns: whether every output succeeded.
    package func end(_ report: LoadRunReport, thresholds: [LoadThreshold]) -> Bool {
        let end = LoadOutputEnd(report: report, thresholds: thresholds, secrets: terminal.secrets)
        var succeeded = true
        for (_, output) in outputs {
            do throws(FileError) {
                try output.end(end)
            } catch {
                terminal.writeError("sdkbench load: \(error.description)\n")
                succeeded = false
            }
        }
        return succeeded
    }
}
