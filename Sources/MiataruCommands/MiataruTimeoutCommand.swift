import JSON
import Script
import Shell

enum MiataruTimeoutCommand {
    static let spec = CommandSpec(
        ["miataru", "timeout"],
        summary: "Set how long a Miataru request may take (default 30 s)",
        arguments: [ArgumentSpec("DURATION", .duration, "e.g. 5s, 500ms")],
        examples: ["miataru timeout 5s"]
    ) { context in
        let miataru = try context.session.engine(MiataruRuntime.self, at: context.command.range)
        let seconds = DurationParser.seconds(context.string("DURATION")) ?? 30
        miataru.setTimeout(seconds)
        return .double(seconds)
    }
}
