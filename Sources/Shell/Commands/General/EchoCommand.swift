import Script

enum EchoCommand {
    static let spec = CommandSpec(
        ["echo"], summary: "Print text (after variable substitution)",
        arguments: [ArgumentSpec("TEXT", .text, "words to print, separated by one space", optional: true, variadic: true)],
        options: [OptionSpec("reveal", "print secret values in clear (they are masked as *** otherwise)")],
        examples: ["echo hello", "echo \"status: {{last.status}}\"", "echo {{token}} --reveal"]
    ) { context in
        let values = context.values("TEXT")
        let text = values.count == 1 ? values[0].text : values.map(\.text).joined(separator: " ")
        if context.flag("reveal") {
            context.session.output.revealedLine(text)
            return .string(text)
        }
        context.session.output.line(text)
        return .string(context.session.output.secrets.masked(text))
    }
}

enum SleepCommand {
    static let spec = CommandSpec(
        ["sleep"], summary: "Wait for a duration (Ctrl-C interrupts)",
        arguments: [ArgumentSpec("DURATION", .duration, "250ms, 1.5s, 2m, 1h or seconds")],
        examples: ["sleep 250ms", "sleep 2s"], setsLast: false
    ) { context in
        let seconds = DurationParser.seconds(context.string("DURATION")) ?? 0
        // Show what came before the pause: someone may be watching the script.
        context.session.output.flush()
        try InterruptibleSleep.sleep(seconds: seconds, at: context.command.range)
        return .null
    }
}
