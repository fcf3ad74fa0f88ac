import Backend
import JSON
import Script
import Transport

enum BackendClearCommand {
    static func spec(services: [String]) -> CommandSpec {
        CommandSpec(
            ["backend", "clear"],
            summary: "Forget what the backend received and its planned faults",
            arguments: [ArgumentSpec("SERVICE", .choice(services), "one service (default: all)", optional: true)],
            examples: ["backend clear", "backend clear hamon"]
        ) { context in
            let service = context.argument("SERVICE").flatMap { BackendService(rawValue: $0.text) }
            if let backend = context.session.services.backend {
                backend.clearReceived(service)
                backend.clearFaults(service)
            } else if let host = context.session.services.configured {
                for each in service.map({ [$0] }) ?? context.session.catalog.backendServices {
                    _ = try await BackendRemote.call(.delete, "/_sdkbench/received/\(each.rawValue)", host: host, in: context)
                    _ = try await BackendRemote.call(.delete, "/_sdkbench/fault/\(each.rawValue)", host: host, in: context)
                }
            }
            return .null
        }
    }
}
