import Script

enum StatusCommand {
    static let spec = CommandSpec(
        ["status"], summary: "Show hosts, user ids, queue depths, pending timings and backend state",
        examples: ["status", "expect last.perf.pending == 0"]
    ) { context in
        let session = context.session
        var object = JSONObject()
        object["home"] = .string(session.environment.paths.stateDirectory)
        object["host"] = .null
        object["backend"] = .string("not started")
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
        let output = session.output
        output.line("home          \(session.environment.paths.stateDirectory)")
        output.line("host          (none: services use the embedded local backend)")
        output.line("backend       not started")
        output.line(
            "perf          \(perf["enabled"] == .bool(true) ? "enabled" : "disabled"), "
                + "\(perf["pending"]!.plainText) pending, \(perf["cached"]!.plainText) cached, "
                + "\(perf["destinations"]!.plainText) destinations")
        output.line("variables     \(session.variables.names.count)")
        output.line("trace         \(session.traceEnabled ? "on" : "off")")
        return .object(object)
    }
}
