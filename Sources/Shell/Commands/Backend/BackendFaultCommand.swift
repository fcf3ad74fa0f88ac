import Backend
import JSON
import Script
import Transport

enum BackendFaultCommand {
    static func spec(services: [String]) -> CommandSpec {
        CommandSpec(
            ["backend", "fault"],
            summary: "Make the next N requests of a service fail (status, timeout, reset, garbage)",
            arguments: [
                ArgumentSpec("SERVICE", .choice(services), BackendValues.either(services)),
                ArgumentSpec(
                    "FAULT",
                    .identifier(suggestions: ["500", "503", "422", "timeout", "reset", "garbage", "delay:100ms"]),
                    "an HTTP status, timeout (never answer), reset (TCP reset), garbage (not HTTP) or delay:D (answer after D: 250ms, 2s)"
                ),
            ],
            options: [OptionSpec("times", value: .integer(0...1_000_000), valueName: "N", "how many requests (default 1; 0 cancels)")],
            examples: [
                "backend fault hamon 500 --times 2", "backend fault hamon timeout", "backend fault perf reset",
                "backend fault miataru delay:50ms --times 1000",
            ]
        ) { context in
            let service = BackendService(rawValue: context.string("SERVICE"))
            let faultArgument = context.argument("FAULT")!
            guard let fault = Fault(faultArgument.text) else {
                throw ShellError(
                    .invalidValue(
                        name: "FAULT",
                        value: faultArgument.text,
                        expected: "an HTTP status 100-599, timeout, reset, garbage or delay:D (250ms, 2s)"
                    ),
                    at: faultArgument.range
                )
            }
            let times = context.option("times").flatMap { Int($0.text) } ?? 1
            guard times >= 0 else { throw context.failure("--times must be 0 or more", at: context.option("times")) }
            if let host = context.session.services.configured, context.session.services.backend == nil {
                _ = try await BackendRemote.call(.post, "/_sdkbench/fault/\(service.rawValue)?fault=\(fault)&times=\(times)", host: host, in: context)
            } else {
                try context.session.services.ensureBackend(at: context.command.range).inject(fault, times: times, for: service)
            }
            return Shown(service: service.rawValue, fault: "\(fault)", times: times)
        }
    }

    /// The fault planned for the service's next requests.
    struct Shown: CommandView {
        let service: String
        let fault: String
        let times: Int
        var value: Value { .object(["service": .string(service), "fault": .string(fault), "times": .int(times)]) }
        func render(into lines: inout TerminalLines) { lines.line("next \(times) \(service) request\(times == 1 ? "" : "s"): \(fault)") }
    }
}
