/// The live progress block `load` keeps on a terminal's standard error: elapsed time, devices
/// active, exchanges per second since the last refresh, errors, and the busiest kinds' p50/p99.
package struct LoadProgress: Sendable {
    private var lastExchanges = 0
    private var lastSeconds = 0.0

    package init() {}

    /// The block's lines at `seconds` into the run.
    package mutating func lines(seconds: Double, activeDevices: Int, metrics: LoadMetrics) -> [String] {
        let progress = metrics.progress(topKinds: 3)
        let interval = seconds - lastSeconds
        let rate = interval > 0 ? Double(progress.exchanges - lastExchanges) / interval : 0
        lastExchanges = progress.exchanges
        lastSeconds = seconds
        var lines = [
            "elapsed \(LoadSummary.decimal(seconds, places: 1)) s   devices active \(activeDevices)   \(LoadSummary.decimal(rate, places: 1)) req/s   "
                + "requests \(progress.exchanges)   errors \(progress.failed)"
        ]
        for kind in progress.kinds {
            lines.append(
                "  \(kind.kind)  \(kind.count)  p50 \(LoadSummary.decimal(kind.p50, places: 2)) ms  p99 \(LoadSummary.decimal(kind.p99, places: 2)) ms"
            )
        }
        return lines
    }
}
