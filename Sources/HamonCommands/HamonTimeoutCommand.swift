import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonTimeoutCommand {
    static let spec = CommandSpec(
        ["hamon", "timeout"],
        summary: "Set Hamon's request and resource timeouts (default 30 s and 60 s, as the SDK's URLSession)",
        arguments: [ArgumentSpec("DURATION", .duration, "the request timeout: how long the answer may take to begin (250ms, 5s, 1m)")],
        options: [OptionSpec("resource", value: .duration, valueName: "D", "the resource timeout: how long a whole exchange may take")],
        discussion:
            "Seed 000 configures URLSession with timeoutIntervalForRequest 30 s and timeoutIntervalForResource 60 s; both apply to every request.",
        examples: ["hamon timeout 5s", "hamon timeout 5s --resource 10s"]
    ) { context in
        let request = DurationParser.seconds(context.string("DURATION")) ?? 30
        let resource = context.option("resource").flatMap { DurationParser.seconds($0.text) }
        let runtime = try context.session.engine(HamonRuntime.self, at: context.command.range)
        runtime.setTimeouts(request: request, resource: resource)
        return .object(["request": .double(runtime.timeout), "resource": .double(runtime.resourceTimeout)])
    }
}
