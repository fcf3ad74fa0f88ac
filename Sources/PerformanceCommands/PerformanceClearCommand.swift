import Script
import Shell

enum PerformanceClearCommand {
    static let spec = CommandSpec(
        ["perf", "clear"],
        summary: "Forget cached timings, pending sessions and statistics (stored files stay)",
        examples: ["perf clear"]
    ) { context in
        context.session.performance.tracker.clear()
        return .null
    }
}
