import JSON
import Miataru
import Shell

enum MiataruServerCommand {
    static let spec = CommandSpec(
        ["miataru", "server"],
        summary: "Set the Miataru server (a URL, or local for the embedded backend)",
        arguments: [ArgumentSpec("URL", .rule(.miataruServer), "the server's root, e.g. https://service.miataru.com", optional: true)],
        discussion: """
            Without a URL, shows the server in use. By default Miataru follows 'configure host', and uses the
            embedded backend when no host is configured. Calls go to URL/v1/NAME; a trailing /v1 is accepted.
            Keys are stored per server: a key set on one server is not sent to another.
            """,
        examples: ["miataru server local", "miataru server https://service.miataru.com", "miataru server"]
    ) { context in
        let miataru = try context.session.engine(MiataruRuntime.self, at: context.command.range)
        if let url = context.argument("URL") { miataru.setServer(url.text == "local" ? "local" : MiataruEndpoint(url.text).baseURL) }
        let connection = try miataru.connection(at: context.command.range)
        return Shown(server: connection.client.server.baseURL, store: miataru.storeName())
    }

    /// The server in use and the name its keys are filed under.
    struct Shown: CommandView {
        let server: String
        let store: String
        var value: Value { .object(["server": .string(server), "store": .string(store)]) }
        func render(into lines: inout TerminalLines) { lines.line("miataru server: \(server) (keys stored as '\(store)')") }
    }
}
