import Backend
import JSON
import Script

enum BackendStartCommand {
    static let spec = CommandSpec(
        ["backend", "start"],
        summary: "Start the embedded local backend on 127.0.0.1",
        options: [OptionSpec("port", value: .integer(0...65_535), valueName: "N", "the port (default: a free one)")],
        discussion: "Services use it whenever no host is configured; it also starts by itself on first use.",
        examples: ["backend start", "backend start --port 8080"]
    ) { context in
        let port = context.option("port").flatMap { Int($0.text) } ?? 0
        guard (0...65535).contains(port) else { throw context.failure("--port must be 0-65535", at: context.option("port")) }
        let wasRunning = context.session.services.backend != nil
        let backend = try context.session.services.start(port: port, at: context.command.range)
        return Shown(value: BackendValues.status(backend), url: backend.url, wasRunning: wasRunning)
    }

    /// Where the backend runs, and whether this command started it.
    struct Shown: CommandView {
        let value: Value
        let url: String
        let wasRunning: Bool
        func render(into lines: inout TerminalLines) {
            lines.line(wasRunning ? "the embedded backend already runs at \(url)" : "embedded backend at \(url)")
        }
    }
}
