import Backend
import JSON
import Script

enum BackendValues {
    static func status(_ backend: LocalBackend) -> Value {
        var requests = JSONObject()
        for service in backend.servedServices { requests[service.rawValue] = .int(backend.requestCount(service)) }
        var status = JSONObject()
        status["running"] = true
        status["separate"] = false
        status["url"] = .string(backend.url)
        status["port"] = .int(backend.port)
        status["requests"] = .object(requests)
        status["faults"] = .array(
            backend.plannedFaults.map {
                .object(["service": .string($0.service.rawValue), "fault": .string("\($0.fault)"), "remaining": .int($0.remaining)])
            }
        )
        status["held"] = .int(backend.heldRequestCount)
        for item in backend.statusItems { status[item.key] = .string(item.value) }
        return .object(status)
    }

    /// `a, b or c`, for an argument that takes one of `services`.
    static func either(_ services: [String]) -> String { ShellCatalog.list(services, conjunction: "or") }
}
