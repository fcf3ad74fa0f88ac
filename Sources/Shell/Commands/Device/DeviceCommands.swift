import Platform

/// `device show|set|unset`: the phone the session plays, which every engine's payloads report.
enum DeviceCommands {
    static let specs: [CommandSpec] = [DeviceShowCommand.spec, DeviceSetCommand.spec, DeviceUnsetCommand.spec]

    static let section = HelpSection(title: "Device", words: ["device"])

    /// The fact names, for the FACT argument and TAB.
    static let factNames = DeviceProfile.Fact.allCases.map(\.rawValue)
}
