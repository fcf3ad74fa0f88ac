import JSON
import Script

enum VarsCommand {
    static let spec = CommandSpec(
        ["vars"],
        summary: "List variables and their values (secrets masked)",
        examples: ["vars"],
        setsLast: false
    ) { context in
        let variables = context.session.variables
        var object = JSONObject()
        for name in variables.names {
            object[name] = variables.isSecret(name) ? .string(SecretValues.mask) : variables[name]!
        }
        return Shown(names: variables.names, object: object)
    }

    /// The variables, secrets masked: one `name = JSON` line each, in the session's order.
    struct Shown: CommandView {
        let names: [String]
        let object: JSONObject
        var value: Value { .object(object) }

        func render(into lines: inout TerminalLines) {
            for name in names { lines.line("\(name) = \(JSONWriter.compact(object[name] ?? .null))") }
        }
    }
}
