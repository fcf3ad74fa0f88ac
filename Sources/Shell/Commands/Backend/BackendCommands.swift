/// The embedded backend's own commands; `services` are the names `backend fault`, `received` and
/// `clear` take: those of the engines whose servers the backend imitates.
enum BackendCommands {
    static func specs(services: [String]) -> [CommandSpec] {
        [
            BackendStartCommand.spec,
            BackendStopCommand.spec,
            BackendStatusCommand.spec,
            BackendReceivedCommand.spec(services: services),
            BackendFaultCommand.spec(services: services),
            BackendClearCommand.spec(services: services),
        ]
    }

    static let section = HelpSection(title: "Embedded backend", words: ["backend"])
}
