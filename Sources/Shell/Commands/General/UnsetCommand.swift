import JSON
import Script

enum UnsetCommand {
    static let spec = CommandSpec(
        ["unset"],
        summary: "Remove a variable",
        arguments: [ArgumentSpec("NAME", .variableName, "the variable to remove")],
        examples: ["unset feature"],
        setsLast: false
    ) { context in
        let name = context.string("NAME")
        guard context.session.variables.unset(name) else {
            throw context.failure("no variable named '\(name)'", at: context.argument("NAME"))
        }
        return .null
    }
}
