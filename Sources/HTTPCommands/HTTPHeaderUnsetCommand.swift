import JSON
import Shell

/// `http header unset NAME`: stops sending a session header.
enum HTTPHeaderUnsetCommand {
    static let spec = CommandSpec(
        ["http", "header", "unset"],
        summary: "Stop sending a session header ('http header set')",
        arguments: [ArgumentSpec("NAME", .text, "the header's name, any case")],
        examples: ["http header unset Authorization"]
    ) { context in
        let session = context.session
        let name = context.string("NAME")
        guard let runtime = session.startedEngine(HTTPSessionRuntime.self), runtime.unset(name) else {
            throw context.failure("no session header '\(name)' ('http header list' shows them)", at: context.argument("NAME"))
        }
        return .null
    }
}
