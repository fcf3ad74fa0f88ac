import Backend
import JSON
import Script

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
            "sift_auth": .string(backend.siftBeaconKeyIsSet ? "key" : "any"),
        ])
    }

    static let services = BackendService.served.map(\.rawValue)
}

extension String {
    /// Left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
