import Backend
import JSON
import Script

enum BackendStatusCommand {
    static let spec = CommandSpec(
        ["backend", "status"],
        summary: "Show the backend's address, request counts and planned faults",
        discussion: """
            With a host configured, shows that host's 'sdkbench serve' (its /_sdkbench/status route), or why it \
            cannot be reached; otherwise the embedded backend.
            """,
        examples: ["backend status", "expect last.running == true"]
    ) { context in
        if let host = context.session.services.configured { return try await separate(host, in: context) }
        guard let backend = context.session.services.backend else {
            return Shown(value: .object(["running": false, "separate": false]), place: .notRunning)
        }
        return Shown(value: BackendValues.status(backend), place: .embedded(items: backend.statusItems.map(\.line)))
    }

    /// The configured host, which services use even while the embedded backend runs.
    private static func separate(_ host: ServiceHost.Setting, in context: CommandContext) async throws(ShellError) -> Shown {
        let url = BackendRemote.baseURL(host)
        var result = JSONObject()
        result["separate"] = true
        result["url"] = .string(url)
        let answer = try await BackendRemote.fetch(.get, "/_sdkbench/status", host: host, in: context)
        guard case .success(let text) = answer, case .object(let status)? = try? JSONParser.parse(text) else {
            let reason: String
            switch answer {
            case .failure(let failure): reason = failure.message
            case .success: reason = "\(url)/_sdkbench/status answered something that is not JSON: is \(host.host) an 'sdkbench serve' backend?"
            }
            result["running"] = false
            result["error"] = .string(reason)
            return Shown(value: .object(result), place: .unreachable(reason: reason))
        }
        var requests = JSONObject()
        if case .object(let counts)? = status["requests"] { requests = counts }
        var faults: [Value] = []
        if case .array(let planned)? = status["faults"] { faults = planned }
        result["running"] = true
        result["requests"] = .object(requests)
        result["faults"] = .array(faults)
        result["held"] = status["held"] ?? .int(0)
        let place = Shown.Place.separate(
            services: context.session.catalog.backendServices.map(\.rawValue),
            embedded: context.session.services.backend?.url
        )
        return Shown(value: .object(result), place: place)
    }

    /// The backend's status (`last`), rendered from it: the same columns for the embedded
    /// backend and a separate `sdkbench serve`.
    struct Shown: CommandView {
        enum Place {
            case notRunning
            /// The embedded backend, with its engines' own status lines.
            case embedded(items: [String])
            /// A configured host that did not answer as a backend.
            case unreachable(reason: String)
            /// A configured host's backend: the services to count, and the embedded one's URL when it runs too.
            case separate(services: [String], embedded: String?)
        }

        let value: Value
        let place: Place

        func render(into lines: inout TerminalLines) {
            guard case .object(let status) = value else { return }
            let url = status["url"]?.plainText ?? ""
            var requests = JSONObject()
            if case .object(let counts)? = status["requests"] { requests = counts }
            switch place {
            case .notRunning:
                lines.line("the embedded backend is not running (it starts on first use, or with 'backend start')")
                return
            case .unreachable(let reason):
                lines.line("url       \(url) (configured host, not reachable)")
                lines.line("error     \(reason)")
                return
            case .embedded(let items):
                lines.line("url       \(url)")
                for (service, count) in requests { lines.line("\(service.padding(9))\(count.plainText) requests") }
                for item in items { lines.line(item) }
            case .separate(let services, _):
                lines.line("url       \(url) (configured host: a separate 'sdkbench serve')")
                for service in services { lines.line("\(service.padding(9))\(requests[service]?.plainText ?? "0") requests") }
            }
            if case .array(let faults)? = status["faults"] {
                for case .object(let fault) in faults {
                    let remaining = fault["remaining"]?.plainText ?? "?"
                    let service = fault["service"]?.plainText ?? "?"
                    let kind = fault["fault"]?.plainText ?? "?"
                    lines.line("fault     \(service): \(kind) for the next \(remaining) request\(remaining == "1" ? "" : "s")")
                }
            }
            if let held = status["held"], held != .int(0) { lines.line("held      \(held.plainText) requests held by a timeout fault") }
            if case .separate(_, let embedded?) = place {
                lines.line("(the embedded backend also runs, at \(embedded); services use the configured host)")
            }
        }
    }
}
