import JSON
import Platform

enum DeviceUnsetCommand {
    static let spec = CommandSpec(
        ["device", "unset"], summary: "Go back to this machine's reading (or the SDK's default) for facts",
        arguments: [ArgumentSpec("FACT", .choice(DeviceCommands.factNames), "the facts to unset", optional: true, variadic: true)],
        options: [OptionSpec("all", "unset every fact")],
        examples: ["device unset battery-level", "device unset --all"]
    ) { context in
        let names = context.command.arguments.all("FACT").map(\.text)
        guard names.isEmpty == context.flag("all") else {
            throw context.failure(names.isEmpty ? "device unset needs a FACT or --all" : "give FACT or --all, not both")
        }
        var profile = context.session.engines.context.device
        if context.flag("all") {
            profile.unsetAll()
        } else {
            for (name, value) in zip(names, context.command.arguments.all("FACT")) {
                guard let fact = DeviceProfile.Fact(rawValue: name) else {
                    throw context.failure("unknown fact '\(name)' (one of \(DeviceCommands.factNames.joined(separator: ", ")))", at: value)
                }
                profile.unset(fact)
            }
        }
        try DeviceShowCommand.keep(profile, in: context)
        return .array(profile.values.keys.map(\.rawValue).sorted().map(Value.string))
    }
}
