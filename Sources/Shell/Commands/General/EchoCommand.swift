import Script

enum EchoCommand {
    static let spec = CommandSpec(
        ["echo"], summary: "Print text (after variable substitution)",
        arguments: [ArgumentSpec("TEXT", .text, "words to print, separated by one space", optional: true, variadic: true)],
        options: [OptionSpec("reveal", "print secret values in clear (masked as *** otherwise, and always in test, check and load: reports are shared)")],
        examples: ["echo hello", "echo \"status: {{last.status}}\"", "echo {{token}} --reveal"]
    ) { context in
        let values = context.values("TEXT")
        let text = values.count == 1 ? values[0].text : values.map(\.text).joined(separator: " ")
        if context.flag("reveal") {
            context.events.revealedLine(text)
            return .string(text)
        }
        context.events.line(text)
        return .string(context.session.secrets.masked(text))
    }
}
