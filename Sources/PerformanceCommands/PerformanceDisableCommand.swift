import Script
import Shell

enum PerformanceDisableCommand {
    static let spec = CommandSpec(
        ["perf", "disable"],
        summary: "Turn performance tracking off: starts and ends are ignored",
        examples: ["perf disable"]
    ) { context in
        context.session.performance.tracker.disable()
        return .bool(false)
    }
}
