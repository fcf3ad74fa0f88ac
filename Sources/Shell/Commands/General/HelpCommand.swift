import JSON
import Script

enum HelpCommand {
    static let spec = CommandSpec(
        ["help"],
        summary: "List commands, or show one command's usage, arguments and examples",
        arguments: [ArgumentSpec("COMMAND", .commandName, "a command or group, e.g. 'perf' or 'perf start'", optional: true, variadic: true)],
        examples: ["help", "help perf", "help perf export"],
        aliases: [["?"], ["\\?"]],
        setsLast: false
    ) { context in
        let words = context.values("COMMAND").map(\.text)
        let generator = HelpGenerator(table: context.session.table)
        guard let text = generator.help(for: words) else {
            let name = words.joined(separator: " ")
            let roots = context.session.table.nextWords(after: [])
            let hint = Suggestions.closest(to: words.first ?? "", in: roots).map { " (did you mean '\($0)'?)" } ?? ""
            throw context.failure("no command or group named '\(name)'\(hint)", at: context.values("COMMAND").first)
        }
        return Shown(text: text)
    }

    /// The help text, shown as it is.
    struct Shown: CommandView {
        let text: String
        var value: Value { .string(text) }
        func render(into lines: inout TerminalLines) { lines.write(text) }
    }
}
