import JSON
import Shell

/// `http on-response clear`: removes every response hook.
enum HTTPOnResponseClearCommand {
    static let spec = CommandSpec(
        ["http", "on-response", "clear"],
        summary: "Remove every http on-response block",
        examples: ["http on-response clear"]
    ) { context in
        context.session.startedEngine(HTTPSessionRuntime.self)?.clearHooks()
        return .null
    }
}
