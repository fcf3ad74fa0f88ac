import JSON
import Performance
import Script
import Shell

enum PerformancePendingCommand {
    static let spec = CommandSpec(
        ["perf", "pending"],
        summary: "List timings started and not yet ended, oldest first",
        examples: ["perf pending", "expect last.count == 0"]
    ) { context in
        let tracker = context.session.performance.tracker
        return Shown(pending: tracker.pendingSessions)
    }

    /// The timings started and not ended.
    struct Shown: CommandView {
        let pending: [PendingSession]

        var value: Value { .object(["count": .int(pending.count), "sessions": .array(pending.map(PerformanceValues.pending))]) }

        func render(into lines: inout TerminalLines) {
            let rows = pending.map {
                [PerformanceValues.isoTime($0.startTime), "\($0.feature).\($0.layer)", PerformanceValues.metadataText($0.metadata)]
            }
            lines.write(TableGenerator.render(header: ["started", "timing", "metadata"], rows: rows))
            if pending.isEmpty { lines.line("(nothing pending)") }
        }
    }
}
