import Script

enum PerfClearCommand {
    static let spec = CommandSpec(
        ["perf", "clear"], summary: "Forget cached timings, pending sessions and statistics (stored files stay)",
        examples: ["perf clear"]
    ) { context in
        context.session.performance.tracker.clear()
        return .null
    }
}

enum PerfEnableCommand {
    static let spec = CommandSpec(["perf", "enable"], summary: "Turn performance tracking on (the default)", examples: ["perf enable"]) {
        context in
        context.session.performance.tracker.enable()
        return .bool(true)
    }
}

enum PerfDisableCommand {
    static let spec = CommandSpec(
        ["perf", "disable"], summary: "Turn performance tracking off: starts and ends are ignored", examples: ["perf disable"]
    ) { context in
        context.session.performance.tracker.disable()
        return .bool(false)
    }
}

enum PerfUserCommand {
    static let spec = CommandSpec(
        ["perf", "user"], summary: "Set the user id recorded with timings (stored as its SHA-256); 'perf user --clear' removes it",
        arguments: [ArgumentSpec("ID", .text, "the user id", optional: true)],
        options: [OptionSpec("clear", "remove the user id")],
        examples: ["perf user alice@example.com", "perf user --clear"]
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
