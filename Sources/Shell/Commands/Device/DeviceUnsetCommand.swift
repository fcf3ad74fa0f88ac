import JSON
import Platform

enum DeviceUnsetCommand {
    static let spec = CommandSpec(
        ["device", "unset"],
        summary: "Go back to this machine's reading (or the SDK's default) for facts",
        arguments: [ArgumentSpec("FACT", .choice(DeviceCommands.factNames), "the facts to unset", optional: true, variadic: true)],
        options: [OptionSpec("all", "unset every fact")],
        examples: ["device unset battery-level", "device unset --all"],
        alternatives: [Alternatives("FACT", "--all", required: true)]
    ) { context in
        let given = context.command.arguments.all("FACT")
        var profile = context.session.engines.context.device
        if context.flag("all") {
            profile.unsetAll()
        } else {
            for value in given { profile.unset(try DeviceCommands.fact(value, in: context)) }
        }
        try DeviceShowCommand.keep(profile, in: context)
        return .array(profile.values.keys.map(\.rawValue).sorted().map(Value.string))
    }
}
