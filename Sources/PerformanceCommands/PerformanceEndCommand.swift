import JSON
import Performance
import Script
import Shell

enum PerformanceEndCommand {
    static let spec = CommandSpec(
        ["perf", "end"],
        summary: "End the oldest pending timing of FEATURE at LAYER and record it",
        arguments: [PerformanceArguments.feature, PerformanceArguments.layer],
        parameters: "metadata merged over the start's",
        discussion: "Without a matching start this warns and records nothing; the result is then null.",
        examples: ["perf end deposit api status=success", "perf end login web"]
    ) { context in
        let feature = try PerformanceArguments.required("FEATURE", "feature", in: context)
        let layer = try PerformanceArguments.required("LAYER", "layer", in: context)
        guard let entry = context.session.performance.tracker.end(feature: feature, layer: layer, metadata: context.stringParameters)
        else { return Value.null }
        return Shown(entry: entry)
    }

    /// The timing that ended.
    struct Shown: CommandView {
        let entry: PerformanceEntry
        var value: Value { PerformanceValues.entry(entry) }
        func render(into lines: inout TerminalLines) { lines.line("\(entry.feature).\(entry.layer) \(PerformanceValues.seconds(entry.duration))") }
    }
}
