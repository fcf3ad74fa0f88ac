import Backend
import Shell
import SiftBackend

extension EngineModule {
    /// Sift mobile events: accounts, beacon keys, events, queues, uploads.
    package static let sift = EngineModule(
        name: "sift",
        summary: "Sift mobile events",
        helpTitle: nil,
        commands: [
            SiftAccountCommand.spec,
            SiftBeaconCommand.spec,
            SiftServerCommand.spec,
            SiftUserCommand.spec,
            SiftUnsetUserCommand.spec,
            SiftEventCommand.spec,
            SiftCollectDeviceCommand.spec,
            SiftCollectAppStateCommand.spec,
            SiftUploadCommand.spec,
            SiftPauseCommand.spec,
            SiftResumeCommand.spec,
            SiftQueuesCommand.spec,
            SiftLocationAllowCommand.spec,
            SiftLocationDisallowCommand.spec,
            SiftLocationSetCommand.spec,
            SiftSensorsAllowCommand.spec,
            SiftSensorsDisallowCommand.spec,
            SiftSensorsAddCommand.spec,
        ],
        backendCommands: [BackendSiftKeyCommand.spec],
        runtime: SiftRuntime.self,
        backend: .sift,
        conformance: .sift,
        recognizer: .sift
    )
}
