import JSON
import Script
import Shell

/// `http on-response list`: the response hooks, in the order they run.
enum HTTPOnResponseListCommand {
    static let spec = CommandSpec(
        ["http", "on-response", "list"],
        summary: "List the http on-response blocks, in the order they run",
        discussion: "The result is a list of {source, line, lines}: where each block was registered and its lines.",
        examples: ["http on-response list", "expect last[0].lines[0] contains expect"]
    ) { context in
        Shown(hooks: context.session.startedEngine(HTTPSessionRuntime.self)?.hooks ?? [])
    }

    struct Shown: CommandView {
        let hooks: [HTTPSessionRuntime.ResponseHook]

        private static func lines(of hook: HTTPSessionRuntime.ResponseHook) -> [String] {
            hook.statements.map { statement in
                (statement.range.start.line...statement.range.end.line).compactMap { hook.source.line($0) }
                    .map { String($0.drop { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
            }
        }

        var value: Value {
            .array(
                hooks.map { hook in
                    .object([
                        "source": .string(hook.source.name),
                        "line": .int(hook.range.start.line),
                        "lines": .array(Self.lines(of: hook).map(Value.string)),
                    ])
                }
            )
        }

        func render(into lines: inout TerminalLines) {
            if hooks.isEmpty { lines.line("(no response hooks)") }
            for (index, hook) in hooks.enumerated() {
                lines.line("\(index + 1). \(hook.source.name):\(hook.range.start.line)")
                for line in Self.lines(of: hook) { lines.line("     \(line)") }
            }
        }
    }
}
