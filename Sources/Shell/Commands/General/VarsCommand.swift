import JSON
import Script

enum VarsCommand {
    static let spec = CommandSpec(
        ["vars"], summary: "List variables and their values (secrets masked)",
        examples: ["vars"], setsLast: false
    ) { context in
        let variables = context.session.variables
        var object = JSONObject()
        for name in variables.names {
            let shown: Value = variables.isSecret(name) ? .string(SecretValues.mask) : variables[name]!
            object[name] = shown
            context.events.line("\(name) = \(JSONWriter.compact(shown))")
        }
        return .object(object)
    }
}
