import JSON
import Platform

enum DeviceShowCommand {
    static let spec = CommandSpec(
        ["device", "show"],
        summary: "Show the phone this session plays: each fact, its value and where it comes from",
        discussion: "A fact not set shows this machine's reading, or the SDK's default when Linux has none; 'last' holds the values.",
        examples: ["device show", "expect last.model == \"iPhone15,2\""]
    ) { context in
        let profile = context.session.engines.context.device
        let machine = context.session.environment.machine ?? .local
        let defaults = DeviceDefaults(machine: machine, environment: context.session.environment.processEnvironment)
        return Shown(
            facts: DeviceProfile.Fact.allCases.map { fact -> Shown.Fact in
                let set = profile[fact]
                let value = set ?? defaults[fact]
                return (fact, value, set != nil ? "set" : value == nil ? "not sent" : defaults.source(of: fact))
            }
        )
    }

    /// Each fact with its value and where the value comes from (`set`, a default's source, `not sent`).
    struct Shown: CommandView {
        /// A fact, its value (`nil`: not sent) and where the value comes from.
        typealias Fact = (fact: DeviceProfile.Fact, value: String?, source: String)
        let facts: [Fact]

        var value: Value {
            var object = JSONObject()
            for fact in facts { object[fact.fact.rawValue] = fact.value.map(Value.string) ?? .null }
            return .object(object)
        }

        func render(into lines: inout TerminalLines) {
            for fact in facts {
                let name = fact.fact.rawValue
                lines.line(name + String(repeating: " ", count: max(1, 21 - name.count)) + (fact.value ?? "-") + "  (\(fact.source))")
            }
        }
    }

    /// Saves `profile` for the session and later runs, and tells the running engines.
    static func keep(_ profile: DeviceProfile, in context: CommandContext) throws(ShellError) {
        let engines = context.session.engines
        do throws(FileError) {
            try engines.context.deviceStore.replace(with: profile)
        } catch {
            throw context.failure(error, action: "cannot keep the device profile")
        }
        for engine in engines.running { engine.deviceChanged(engines.context) }
    }
}
