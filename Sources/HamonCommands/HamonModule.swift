import Backend
import HamonBackend
import Shell

extension EngineModule {
    /// Hamon analytics: users, events, FCM tokens, flushes.
    package static let hamon = EngineModule(
        name: "hamon",
        summary: "Hamon analytics",
        helpTitle: "Hamon analytics",
        commands: [
            ConfigureHostCommand.spec,
            UserCommand.spec,
            FCMCommand.spec,
            LogCommand.spec,
            FlushCommand.spec,
            QueueCommand.spec,
            QueueClearCommand.spec,
            HamonPlistCommand.spec,
            HamonTestCommand.spec,
            HamonEncryptCommand.spec,
            HamonDecryptCommand.spec,
            HamonAppCommand.spec,
            HamonTimeoutCommand.spec,
            HamonUserDataCommand.spec,
        ],
        runtime: HamonRuntime.self,
        backend: .hamon,
        conformance: .hamon,
        recognizer: .hamon
    )
}
