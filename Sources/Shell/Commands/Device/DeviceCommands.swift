import Platform

/// `device show|set|unset`: the phone the session plays, which every engine's payloads report.
enum DeviceCommands {
    static let specs: [CommandSpec] = [DeviceShowCommand.spec, DeviceSetCommand.spec, DeviceUnsetCommand.spec]

    static let section = HelpSection(title: "Device", words: ["device"])

    /// The fact names, for the FACT argument and TAB.
    static let factNames = DeviceProfile.Fact.allCases.map(\.rawValue)

    /// The fact `value` names; an error located at it otherwise.
    static func fact(_ value: BoundValue?, in context: CommandContext) throws(ShellError) -> DeviceProfile.Fact {
        let name = value?.text ?? ""
        guard let fact = DeviceProfile.Fact(rawValue: name) else {
            throw context.failure("unknown fact '\(name)' (one of \(factNames.joined(separator: ", ")))", at: value)
        }
        return fact
    }
}
