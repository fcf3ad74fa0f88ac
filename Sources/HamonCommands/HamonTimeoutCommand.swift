import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonTimeoutCommand {
    static let spec = CommandSpec(
        ["hamon", "timeout"], summary: "Set how long a Hamon request may take (default 30 s, as the SDK)",
        arguments: [ArgumentSpec("DURATION", .duration, "250ms, 5s, 1m")],
        examples: ["hamon timeout 5s"]
    ) { context in
        let seconds = DurationParser.seconds(context.string("DURATION")) ?? 30
        try context.session.engine(HamonRuntime.self, at: context.command.range).setTimeout(seconds)
        return .double(seconds)
    }
}
