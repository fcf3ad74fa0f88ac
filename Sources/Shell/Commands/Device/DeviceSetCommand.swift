import JSON
import Platform

enum DeviceSetCommand {
    static let spec = CommandSpec(
        ["device", "set"],
        summary: "Set a fact of the phone this session plays (model, OS, carrier, battery...)",
        arguments: [
            ArgumentSpec("FACT", .choice(DeviceCommands.factNames), "the fact: " + DeviceCommands.factNames.joined(separator: ", ")),
            ArgumentSpec(
                "VALUE",
                .text,
                "its value; {{variables}} work, so each load-mode device can be another phone",
                completions: { earlier in earlier.first.flatMap(DeviceProfile.Fact.init(rawValue:))?.choices ?? [] }
            ),
        ],
        discussion: "Facts: " + DeviceProfile.Fact.allCases.map { "\($0.rawValue) — \($0.summary)" }.joined(separator: "; ")
            + ". Kept in the state directory (device.json) for later runs of the same home; engines already running use it from their next payload.",
        examples: [
            "device set model iPhone15,2", "device set os-version 17.4", "device set carrier-name 'T-Mobile'",
            "device set battery-level 0.42", "device set model \"Pixel-{{device.index}}\"",
        ],
        check: { bound throws(ShellError) in
            guard let fact = bound.arguments.first("FACT"), fact.isKnown, let name = DeviceProfile.Fact(rawValue: fact.text),
                let value = bound.arguments.first("VALUE"), value.isKnown
            else { return }
            var probe = DeviceProfile()
            do throws(DeviceProfile.Invalid) {
                try probe.set(name, value.text)
            } catch {
                throw ShellError(.invalidValue(name: "VALUE", value: value.text, expected: error.expected), at: value.range)
            }
        }
    ) { context in
        let fact = try DeviceCommands.fact(context.argument("FACT"), in: context)
        // device.json is no secret store, and payloads send facts in clear.
        guard context.session.secrets.masked(context.string("VALUE")) == context.string("VALUE") else {
            throw context.failure(
                "device \(fact.rawValue): the value holds a secret; device facts are kept in device.json and sent in clear, so a secret cannot be one",
                at: context.argument("VALUE")
            )
        }
        var profile = context.session.engines.context.device
        do throws(DeviceProfile.Invalid) {
            try profile.set(fact, context.string("VALUE"))
        } catch {
            throw context.failure(error.message + ", got '\(context.string("VALUE"))'", at: context.argument("VALUE"))
        }
        try DeviceShowCommand.keep(profile, in: context)
        return Shown(fact: fact, text: profile[fact] ?? "")
    }

    /// The fact as it is now kept.
    struct Shown: CommandView {
        let fact: DeviceProfile.Fact
        let text: String
        var value: Value { .object([fact.rawValue: .string(text)]) }
        func render(into lines: inout TerminalLines) { lines.line("device \(fact.rawValue) = \(text)") }
    }
}
