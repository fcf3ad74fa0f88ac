import Script
import Shell

enum PerformanceUserCommand {
    static let spec = CommandSpec(
        ["perf", "user"],
        summary: "Set the user id recorded with timings (stored as its SHA-256); 'perf user --clear' removes it",
        arguments: [ArgumentSpec("ID", .text, "the user id", optional: true)],
        options: [OptionSpec("clear", "remove the user id")],
        examples: ["perf user alice@example.com", "perf user --clear"],
        alternatives: [Alternatives("ID", "--clear", required: true)]
    ) { context in
        let tracker = context.session.performance.tracker
        if context.flag("clear") {
            tracker.setUser(nil)
            return .null
        }
        guard let id = context.argument("ID") else { throw context.failure("give an ID or --clear") }
        tracker.setUser(id.text)
        return .string(tracker.userIDHash ?? "")
    }
}
