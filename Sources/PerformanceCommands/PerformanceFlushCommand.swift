import Performance
import Script
import Shell

enum PerformanceFlushCommand {
    static let spec = CommandSpec(
        ["perf", "flush"],
        summary: "Write or send what every destination holds, and wait for analytics requests",
        examples: ["perf flush"]
    ) { context in
        let host = context.session.performance
        try await host.flush(at: context.command.range)
        return .null
    }
}
