import JSON
import Script

enum StatusCommand {
    static let spec = CommandSpec(
        ["status"],
        summary: "Show hosts, user ids, queue depths, pending timings and backend state",
        examples: ["status", "expect last.perf.pending == 0", "expect last.hamon.queued == 0"]
    ) { context in
        let session = context.session
        return Shown(
            home: session.environment.paths.stateDirectory,
            host: session.services.configured.map { (url: "\($0.https ? "https" : "http")://\($0.host)", name: $0.host, insecure: $0.insecure) },
            backend: session.services.backend?.url,
            device: session.engines.context.device.saved.sorted { $0.key < $1.key },
            engines: session.engines.statuses().map { ($0.name, $0.status.line, $0.status.fields) },
            variables: session.variables.names.count,
            trace: session.traceEnabled
        )
    }

    /// The session's state, gathered once: `last` and the terminal's lines are both made from it.
    struct Shown: CommandView {
        let home: String
        /// The configured host: its base URL, its name (`last.host`), whether TLS goes unchecked.
        let host: (url: String, name: String, insecure: Bool)?
        let backend: String?
        let device: [(key: String, value: String)]
        /// Each engine's section: its line, its fields (`last.<name>`).
        let engines: [(name: String, line: String, fields: JSONObject)]
        let variables: Int
        let trace: Bool

        var value: Value {
            var object = JSONObject()
            object["home"] = .string(home)
            object["host"] = host.map { .string($0.name) } ?? .null
            object["backend"] = .string(backend ?? "not started")
            var facts = JSONObject()
            for (name, value) in device { facts[name] = .string(value) }
            object["device"] = .object(facts)
            for engine in engines { object[engine.name] = .object(engine.fields) }
            object["variables"] = .int(variables)
            object["trace"] = .bool(trace)
            return .object(object)
        }

        func render(into lines: inout TerminalLines) {
            lines.line("home          \(home)")
            if let host {
                lines.line("host          \(host.url)\(host.insecure ? " (TLS not verified)" : "")")
            } else {
                lines.line("host          (none: services use the embedded local backend)")
            }
            lines.line("backend       \(backend ?? "not started")")
            let shown = device.map { "\($0.key) \($0.value)" }
            lines.line("device        " + (shown.isEmpty ? "this machine (device set changes it)" : shown.joined(separator: ", ")))
            for engine in engines { lines.line(engine.name + String(repeating: " ", count: max(1, 14 - engine.name.count)) + engine.line) }
            lines.line("variables     \(variables)")
            lines.line("trace         \(trace ? "on" : "off")")
        }
    }
}
