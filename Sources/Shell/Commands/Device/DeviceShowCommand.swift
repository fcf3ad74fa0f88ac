import JSON
import Platform

enum DeviceShowCommand {
    static let spec = CommandSpec(
        ["device", "show"], summary: "Show the phone this session plays: each fact, its value and where it comes from",
        discussion: "A fact not set shows this machine's reading, or the SDK's default when Linux has none; 'last' holds the values.",
        examples: ["device show", "expect last.model == \"iPhone15,2\""]
    ) { context in
        let profile = context.session.engines.context.device
        let machine = context.session.environment.machine ?? .local
        let defaults = DeviceDefaults(machine: machine, environment: context.session.environment.processEnvironment)
        var object = JSONObject()
        for fact in DeviceProfile.Fact.allCases {
            let set = profile[fact]
            let value = set ?? defaults[fact]
            object[fact.rawValue] = value.map(Value.string) ?? .null
            let source = set != nil ? "set" : value == nil ? "not sent" : defaults.source(of: fact)
            let padded = fact.rawValue + String(repeating: " ", count: max(1, 21 - fact.rawValue.count))
            context.events.line(padded + (value ?? "-") + "  (\(source))")
        }
        return .object(object)
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
