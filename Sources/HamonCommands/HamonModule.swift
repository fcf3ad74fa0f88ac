import Backend
import Shell

extension EngineModule {
    /// Hamon analytics: users, events, FCM tokens, flushes.
    public static let hamon = EngineModule(
        name: "hamon", summary: "Hamon analytics", helpTitle: "Hamon analytics",
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
        runtime: HamonRuntime.self, backend: .hamon, conformance: .hamon,
        requestKind: { method, path in
            guard path.hasPrefix("/v1/users/") else { return nil }
            if method == "PATCH" { return "hamon.user" }
            return method == "POST" && path.hasSuffix("/event") ? "hamon.events" : nil
        })
}
