import JSON
import Script

enum EchoCommand {
    static let spec = CommandSpec(
        ["echo"],
        summary: "Print text (after variable substitution)",
        arguments: [ArgumentSpec("TEXT", .text, "words to print, separated by one space", optional: true, variadic: true)],
        options: [
            OptionSpec("reveal", "print secret values in clear (masked as *** otherwise, and always in test, check and load: reports are shared)")
        ],
        examples: ["echo hello", "echo \"status: {{last.status}}\"", "echo {{token}} --reveal"]
    ) { context in
        let values = context.values("TEXT")
        let text = values.count == 1 ? values[0].text : values.map(\.text).joined(separator: " ")
        let reveal = context.flag("reveal")
        return Shown(text: text, value: .string(reveal ? text : context.session.secrets.masked(text)), reveal: reveal)
    }

    /// The text, in clear with `--reveal` (where the output may reveal at all), else masked.
    struct Shown: CommandView {
        let text: String
        let value: Value
        let reveal: Bool
        func render(into lines: inout TerminalLines) { if reveal { lines.revealedLine(text) } else { lines.line(text) } }
    }
}
