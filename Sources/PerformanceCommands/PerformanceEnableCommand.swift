import Script
import Shell

enum PerformanceEnableCommand {
    static let spec = CommandSpec(["perf", "enable"], summary: "Turn performance tracking on (the default)", examples: ["perf enable"]) {
        context in
        context.session.performance.tracker.enable()
        return .bool(true)
    }
}
