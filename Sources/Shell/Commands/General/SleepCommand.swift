import Script

enum SleepCommand {
    static let spec = CommandSpec(
        ["sleep"],
        summary: "Wait for a duration (Ctrl-C interrupts)",
        arguments: [ArgumentSpec("DURATION", .duration, "250ms, 1.5s, 2m, 1h or seconds")],
        examples: ["sleep 250ms", "sleep 2s"],
        setsLast: false
    ) { context in
        let seconds = DurationParser.seconds(context.string("DURATION")) ?? 0
        // Show what came before the pause: someone may be watching the script.
        context.events.flush()
        try await InterruptibleSleep.sleep(for: .seconds(seconds), at: context.command.range)
        return .null
    }
}
