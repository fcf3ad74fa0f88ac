import JSON
import Performance
import Script
import Shell

enum PerformanceLogsCommand {
    static let spec = CommandSpec(
        ["perf", "logs"],
        summary: "List recorded timings from the in-memory cache (last 1000)",
        options: [
            PerformanceArguments.featureOption, PerformanceArguments.layerOption,
            OptionSpec("limit", value: .integer(0...1_000_000), valueName: "N", "only the newest N"),
        ],
        examples: ["perf logs", "perf logs --feature deposit --layer api", "perf logs --limit 5"]
    ) { context in
        let feature = try PerformanceArguments.name(context.option("feature"), "--feature", in: context)
        let layer = try PerformanceArguments.name(context.option("layer"), "--layer", in: context)
        var entries = context.session.performance.tracker.logs(feature: feature, layer: layer)
        if let limit = context.option("limit").flatMap({ Int($0.text) }), limit >= 0, entries.count > limit {
            entries = Array(entries.suffix(limit))
        }
        return Shown(entries: entries)
    }

    /// The timings recorded, oldest first.
    struct Shown: CommandView {
        let entries: [PerformanceEntry]

        var value: Value { .array(entries.map(PerformanceValues.entry)) }

        func render(into lines: inout TerminalLines) {
            let rows = entries.map { entry in
                [
                    PerformanceValues.isoTime(entry.endTime), "\(entry.feature).\(entry.layer)", PerformanceValues.seconds(entry.duration),
                    PerformanceValues.metadataText(entry.metadata),
                ]
            }
            lines.write(TableGenerator.render(header: ["ended", "timing", "duration", "metadata"], rows: rows))
            if entries.isEmpty { lines.line("(no timings recorded)") }
        }
    }
}
