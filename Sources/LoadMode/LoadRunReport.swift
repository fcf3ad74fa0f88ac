import Platform

/// What a load run did: the figures by kind, checks and iterations, and how it ended.
package struct LoadRunReport: Sendable {
    package var metrics: LoadMetrics.Snapshot
    package var duration: Duration
    /// Devices that ran (a task each).
    package var devices: Int
    /// Devices that could not start: 0 since devices are tasks (a run that would not fit is
    /// refused up front, `DeviceCapacity`); kept in the JSON report, where reports of earlier
    /// runs (threads) have it and `load merge` adds it up.
    package var devicesUnstarted: Int
    /// A signal (or the caller) stopped the run before its plan's end.
    package var interrupted: Bool
    /// When it began, in seconds since the epoch.
    package var startedAt: Double
    /// The whole run's plan; its `segment` is the share this report is of (`.whole` once merged).
    /// Recorded in the JSON report so that `load merge` adds only the segments of one run.
    package var plan: LoadPlan?
    /// The script every device ran.
    package var script: LoadScriptIdentity?
    /// A merged report's segments (1-based) and how many the run had; `nil` for one process's run.
    package var mergedSegments: (held: [Int], count: Int)?

    package init(
        metrics: LoadMetrics.Snapshot,
        duration: Duration,
        devices: Int,
        devicesUnstarted: Int,
        interrupted: Bool,
        startedAt: Double = 0
    ) {
        self.startedAt = startedAt
        self.metrics = metrics
        self.duration = duration
        self.devices = devices
        self.devicesUnstarted = devicesUnstarted
        self.interrupted = interrupted
    }

    /// The kinds, busiest first (then by name).
    package var kindsByCount: [(kind: String, figures: KindFigures)] {
        metrics.kinds.map { ($0.key, $0.value) }.sorted { $0.1.count != $1.1.count ? $0.1.count > $1.1.count : $0.0 < $1.0 }
    }

    /// Every kind's figures together.
    package var total: KindFigures {
        var total = KindFigures()
        for figures in metrics.kinds.values { total.merge(figures) }
        return total
    }

    /// Exchanges per second over the whole run.
    package func rate(_ figures: KindFigures) -> Double {
        duration > .zero ? Double(figures.count) / duration.inSeconds : 0
    }
}
