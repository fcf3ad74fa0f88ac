import Shell
extension EngineModule {
    /// The Ping SDK's network contract: one `http` command, no state between calls but cookies.
    public static let http = EngineModule(
        name: "http", summary: "HTTP (Ping)", helpTitle: "HTTP (the Ping network contract)",
        commands: [HTTPCommand.spec],
        runtime: nil, backend: nil)
}
