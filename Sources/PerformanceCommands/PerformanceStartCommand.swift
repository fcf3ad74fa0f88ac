import JSON
import Performance
import Script
import Shell

enum PerformanceStartCommand {
    static let spec = CommandSpec(
        ["perf", "start"],
        summary: "Start timing FEATURE at LAYER",
        arguments: [PerformanceArguments.feature, PerformanceArguments.layer],
        parameters: "metadata kept with the timing (values are text; typed values are stored as their JSON)",
        discussion:
            "Starts are matched to ends first-in first-out per feature and layer; a start without an end expires after 5 minutes with a warning.",
        examples: ["perf start deposit api", "perf start login web url=/login attempt:=2"]
    ) { context in
        let feature = try PerformanceArguments.required("FEATURE", "feature", in: context)
        let layer = try PerformanceArguments.required("LAYER", "layer", in: context)
        let tracker = context.session.performance.tracker
        guard let session = tracker.start(feature: feature, layer: layer, metadata: context.stringParameters) else { return Disabled() }
        return PerformanceValues.pending(session)
    }

    /// Nothing started: tracking is off.
    struct Disabled: CommandView {
        var value: Value { .null }
        func render(into lines: inout TerminalLines) { lines.warn("performance tracking is disabled ('perf enable' turns it on)") }
    }
}
