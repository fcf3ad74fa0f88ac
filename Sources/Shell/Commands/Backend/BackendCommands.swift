import Backend
import JSON
import Script

enum BackendStartCommand {
    static let spec = CommandSpec(
        ["backend", "start"], summary: "Start the embedded local backend on 127.0.0.1",
        options: [OptionSpec("port", value: .integer(0...65_535), valueName: "N", "the port (default: a free one)")],
        discussion: "Services use it whenever no host is configured; it also starts by itself on first use.",
        examples: ["backend start", "backend start --port 8080"]
    ) { context in
        let port = context.option("port").flatMap { Int($0.text) } ?? 0
        guard (0...65535).contains(port) else { throw context.failure("--port must be 0-65535", at: context.option("port")) }
        let wasRunning = context.session.services.backend != nil
        let backend = try context.session.services.start(port: port, at: context.command.range)
        context.session.output.line(wasRunning ? "the embedded backend already runs at \(backend.url)" : "embedded backend at \(backend.url)")
        return BackendValues.status(backend)
    }
}

enum BackendStopCommand {
    static let spec = CommandSpec(
        ["backend", "stop"], summary: "Stop the embedded local backend (what it received is forgotten)",
        examples: ["backend stop"]
    ) { context in
        let stopped = context.session.services.stop()
        context.session.output.line(stopped ? "embedded backend stopped" : "the embedded backend was not running")
        return .bool(stopped)
    }
}

enum BackendValues {
    static func status(_ backend: LocalBackend) -> Value {
        var requests = JSONObject()
        for service in BackendService.served { requests[service.rawValue] = .int(backend.requestCount(service)) }
        return .object([
            "running": true, "separate": false, "url": .string(backend.url), "port": .int(backend.port), "requests": .object(requests),
            "faults": .array(backend.plannedFaults.map { .object(["service": .string($0.service.rawValue), "fault": .string("\($0.fault)"), "remaining": .int($0.remaining)]) }),
            "held": .int(backend.heldRequestCount),
        ])
    }

    static let services = BackendService.served.map(\.rawValue)
}

extension String {
    /// Left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
