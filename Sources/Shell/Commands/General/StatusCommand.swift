import JSON
import Script

enum StatusCommand {
    static let spec = CommandSpec(
        ["status"], summary: "Show hosts, user ids, queue depths, pending timings and backend state",
        examples: ["status", "expect last.perf.pending == 0", "expect last.hamon.queued == 0"]
    ) { context in
        let session = context.session
        let output = session.events
        var object = JSONObject()
        object["home"] = .string(session.environment.paths.stateDirectory)
        output.line("home          \(session.environment.paths.stateDirectory)")

        if let host = session.services.configured {
            object["host"] = .string(host.host)
            output.line("host          \(host.https ? "https" : "http")://\(host.host)\(host.insecure ? " (TLS not verified)" : "")")
        } else {
            object["host"] = .null
            output.line("host          (none: services use the embedded local backend)")
        }
        if let backend = session.services.backend {
            object["backend"] = .string(backend.url)
            output.line("backend       \(backend.url)")
        } else {
            object["backend"] = .string("not started")
            output.line("backend       not started")
        }

        let device = session.engines.context.device.saved.sorted { $0.key < $1.key }
        var facts = JSONObject()
        for (name, value) in device { facts[name] = .string(value) }
        object["device"] = .object(facts)
        let shown = device.map { "\($0.key) \($0.value)" }
        output.line("device        " + (shown.isEmpty ? "this machine (device set changes it)" : shown.joined(separator: ", ")))

        for (name, status) in session.engines.statuses() {
            object[name] = .object(status.fields)
            output.line(name + String(repeating: " ", count: max(1, 14 - name.count)) + status.line)
        }
        object["variables"] = .int(session.variables.names.count)
        object["trace"] = .bool(session.traceEnabled)
        output.line("variables     \(session.variables.names.count)")
        output.line("trace         \(session.traceEnabled ? "on" : "off")")
        return .object(object)
    }
}
