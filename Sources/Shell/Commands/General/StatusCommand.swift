import JSON
import Script

enum StatusCommand {
    static let spec = CommandSpec(
        ["status"], summary: "Show hosts, user ids, queue depths, pending timings and backend state",
        examples: ["status", "expect last.perf.pending == 0", "expect last.hamon.queued == 0"]
    ) { context in
        let session = context.session
        let output = session.output
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

        var hamon = JSONObject()
        if let host = session.hamonIfStarted {
            let client = host.client
            hamon["user"] = client.userID.map(Value.string) ?? .null
            hamon["queued"] = .int(client.queueDepth)
            hamon["fcm"] = .bool(client.fcmToken != nil)
            output.line("hamon         user \(client.userID ?? "(none)"), \(HamonText.events(client.queueDepth)) queued, timeout \(Int(host.timeout)) s")
        } else {
            hamon["user"] = .null
            hamon["queued"] = .int(0)
            hamon["fcm"] = .bool(false)
            output.line("hamon         not started")
        }
        object["hamon"] = .object(hamon)

        var perf = JSONObject()
        if let host = session.performanceIfStarted {
            let tracker = host.tracker
            perf["enabled"] = .bool(tracker.isEnabled)
            perf["pending"] = .int(tracker.pendingSessions.count)
            perf["cached"] = .int(tracker.logs().count)
            perf["destinations"] = .int(tracker.destinations.count)
        } else {
            perf["enabled"] = .bool(true)
            perf["pending"] = .int(0)
            perf["cached"] = .int(0)
            perf["destinations"] = .int(0)
        }
        object["perf"] = .object(perf)
        object["variables"] = .int(session.variables.names.count)
        object["trace"] = .bool(session.traceEnabled)
        output.line(
            "perf          \(perf["enabled"] == .bool(true) ? "enabled" : "disabled"), "
                + "\(perf["pending"]!.plainText) pending, \(perf["cached"]!.plainText) cached, "
                + "\(perf["destinations"]!.plainText) destinations")
        output.line("variables     \(session.variables.names.count)")
        output.line("trace         \(session.traceEnabled ? "on" : "off")")
        return .object(object)
    }
}
