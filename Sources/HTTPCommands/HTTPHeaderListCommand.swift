import JSON
import Shell

/// `http header list`: the session headers, in the order they are sent.
enum HTTPHeaderListCommand {
    static let spec = CommandSpec(
        ["http", "header", "list"],
        summary: "List the session headers every http request carries, in order",
        discussion: "Secret values (a secret-named header's, or one set with --secret) are shown as ***. The result is a list of {name, value}.",
        examples: ["http header list", "expect last[0].name == Authorization"]
    ) { context in
        Shown(headers: context.session.startedEngine(HTTPSessionRuntime.self)?.headers ?? [])
    }

    struct Shown: CommandView {
        let headers: [HTTPSessionRuntime.SessionHeader]

        var value: Value { HTTPSessionRuntime.headersValue(headers) }

        func render(into lines: inout TerminalLines) {
            if headers.isEmpty { lines.line("(no session headers)") }
            for header in headers { lines.line("\(header.name): \(header.shownValue)") }
        }
    }
}
