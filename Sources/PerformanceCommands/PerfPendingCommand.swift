import Performance
import Script
import Shell

enum PerfPendingCommand {
    static let spec = CommandSpec(
        ["perf", "pending"], summary: "List timings started and not yet ended, oldest first",
        examples: ["perf pending", "expect last.count == 0"]
    ) { context in
        let tracker = context.session.performance.tracker
        let pending = tracker.pendingSessions
        let rows = pending.map { [PerfValues.isoTime($0.startTime), "\($0.feature).\($0.layer)", PerfValues.metadataText($0.metadata)] }
        context.events.write(TableGenerator.render(header: ["started", "timing", "metadata"], rows: rows))
        if pending.isEmpty { context.events.line("(nothing pending)") }
        return .object(["count": .int(pending.count), "sessions": .array(pending.map(PerfValues.pending))])
    }
}
