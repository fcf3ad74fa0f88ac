import Backend
import MiataruBackend
import Shell

extension EngineModule {
    /// Miataru API 1.1: device keys, locations, allowed devices.
    package static let miataru = EngineModule(
        name: "miataru",
        summary: "Miataru 1.1",
        helpTitle: nil,
        commands: [
            MiataruServerCommand.spec,
            MiataruDeviceCommand.spec,
            MiataruKeyGenerateCommand.spec,
            MiataruKeySetCommand.spec,
            MiataruKeyShowCommand.spec,
            MiataruKeyForgetCommand.spec,
            MiataruKeyUseCommand.spec,
            MiataruLocationUpdateCommand.spec,
            MiataruLocationGetCommand.spec,
            MiataruHistoryCommand.spec,
            MiataruGeoJSONCommand.spec,
            MiataruVisitorsCommand.spec,
            MiataruAllowedSetCommand.spec,
            MiataruAllowedAddCommand.spec,
            MiataruAllowedRemoveCommand.spec,
            MiataruAllowedShowCommand.spec,
            MiataruDeleteCommand.spec,
            MiataruSecurityCommand.spec,
            MiataruSloganCommand.spec,
            MiataruTimeoutCommand.spec,
            MiataruTimestampsCommand.spec,
        ],
        runtime: MiataruRuntime.self,
        backend: .miataru,
        conformance: .miataru,
        recognizer: .miataru
    )
}
