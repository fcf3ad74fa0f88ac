import JSON
import Performance
import Script
import Shell

enum PerformanceStatsCommand {
    static let spec = CommandSpec(
        ["perf", "summary"],
        summary: "Count, min, p50, p90, p99 and max per feature.layer; a histogram for one",
        arguments: [
            ArgumentSpec("FEATURE", .identifier(suggestions: PerformanceNames.knownFeatures), "show a histogram for this feature…", optional: true),
            ArgumentSpec("LAYER", .identifier(suggestions: PerformanceNames.knownLayers), "…at this layer", optional: true),
        ],
        discussion: "Statistics cover every timing since the start of the session or the last 'perf clear', not only the cache.",
        examples: ["perf summary", "perf summary deposit api", "perf stats"],
        aliases: [["perf", "stats"]],
        check: { bound throws(ShellError) in
            if let feature = bound.arguments.first("FEATURE"), bound.arguments.first("LAYER") == nil {
                throw ShellError(.usage("give both FEATURE and LAYER for a histogram"), at: feature.range)
            }
        }
    ) { context in
        let tracker = context.session.performance.tracker
        let feature = try PerformanceArguments.name(context.argument("FEATURE"), "feature", in: context)
        let layer = try PerformanceArguments.name(context.argument("LAYER"), "layer", in: context)
        var stats = tracker.stats()
        var histogram: [HistogramBucket] = []
        if let feature, let layer {
            stats = stats.filter { $0.feature == feature && $0.layer == layer }
            if !stats.isEmpty { histogram = tracker.histogram(feature: feature, layer: layer, buckets: 10) }
        }
        return Shown(stats: stats, timing: feature.map { "\($0).\(layer ?? "")" }, histogram: histogram)
    }

    /// The statistics of each timing (or of the one asked for, with its histogram).
    struct Shown: CommandView {
        let stats: [TimingStats]
        /// `feature.layer`, when one timing was asked for.
        let timing: String?
        let histogram: [HistogramBucket]

        var value: Value { .array(stats.map(PerformanceValues.stats)) }

        func render(into lines: inout TerminalLines) {
            let rows = stats.map { stat in
                [
                    stat.key, String(stat.count), PerformanceValues.seconds(stat.min), PerformanceValues.seconds(stat.p50),
                    PerformanceValues.seconds(stat.p90),
                    PerformanceValues.seconds(stat.p99), PerformanceValues.seconds(stat.max),
                ]
            }
            lines.write(TableGenerator.render(header: ["timing", "count", "min", "p50", "p90", "p99", "max"], rows: rows, rightAligned: 1...6))
            if stats.isEmpty { lines.line(timing.map { "(no timings recorded for \($0))" } ?? "(no timings recorded)") }
            if !histogram.isEmpty { lines.write(HistogramGenerator.render(histogram)) }
        }
    }
}
