import Backend
import JSON
import Script

enum BackendStatusCommand {
    static let spec = CommandSpec(
        ["backend", "status"], summary: "Show the backend's address, request counts and planned faults",
        discussion: """
            With a host configured, shows that host's 'sdkbench serve' (its /_sdkbench/status route), or why it \
            cannot be reached; otherwise the embedded backend.
            """,
        examples: ["backend status", "expect last.running == true"]
    ) { context in
        if let host = context.session.services.configured { return try separate(host, in: context) }
        guard let backend = context.session.services.backend else {
            context.events.line("the embedded backend is not running (it starts on first use, or with 'backend start')")
            return .object(["running": false, "separate": false])
        }
        let output = context.events
        output.line("url       \(backend.url)")
        for service in backend.servedServices {
            output.line("\(service.rawValue.padding(9))\(backend.requestCount(service)) requests")
        }
        for item in backend.statusItems { output.line(item.line) }
        for fault in backend.plannedFaults {
            output.line("fault     \(fault.service.rawValue): \(fault.fault) for the next \(fault.remaining) request\(fault.remaining == 1 ? "" : "s")")
        }
        let held = backend.heldRequestCount
        if held > 0 { output.line("held      \(held) requests held by a timeout fault") }
        return BackendValues.status(backend)
    }

    /// The configured host, which services use even while the embedded backend runs.
    private static func separate(_ host: ServiceHost.Setting, in context: CommandContext) throws(ShellError) -> Value {
        let output = context.events
        let url = BackendRemote.baseURL(host)
        var result = JSONObject()
        result["separate"] = true
        result["url"] = .string(url)
        let answer = try BackendRemote.fetch(.get, "/_sdkbench/status", host: host, in: context)
        guard case .success(let text) = answer, case .object(let status)? = try? JSONParser.parse(text) else {
            let reason: String
            switch answer {
            case .failure(let failure): reason = failure.message
            case .success: reason = "\(url)/_sdkbench/status answered something that is not JSON: is \(host.host) an 'sdkbench serve' backend?"
            }
            output.line("url       \(url) (configured host, not reachable)")
            output.line("error     \(reason)")
            result["running"] = false
            result["error"] = .string(reason)
            return .object(result)
        }
        output.line("url       \(url) (configured host: a separate 'sdkbench serve')")
        var requests = JSONObject()
        if case .object(let counts)? = status["requests"] { requests = counts }
        for service in context.session.catalog.backendServices {
            output.line("\(service.rawValue.padding(9))\(requests[service.rawValue]?.plainText ?? "0") requests")
        }
        var faults: [Value] = []
        if case .array(let planned)? = status["faults"] { faults = planned }
        for case .object(let fault) in faults {
            let remaining = fault["remaining"]?.plainText ?? "?"
            let service = fault["service"]?.plainText ?? "?", kind = fault["fault"]?.plainText ?? "?"
            output.line("fault     \(service): \(kind) for the next \(remaining) request\(remaining == "1" ? "" : "s")")
        }
        if let held = status["held"], held != .int(0) { output.line("held      \(held.plainText) requests held by a timeout fault") }
        if let embedded = context.session.services.backend {
            output.line("(the embedded backend also runs, at \(embedded.url); services use the configured host)")
        }
        result["running"] = true
        result["requests"] = .object(requests)
        result["faults"] = .array(faults)
        result["held"] = status["held"] ?? .int(0)
        return .object(result)
    }
}
