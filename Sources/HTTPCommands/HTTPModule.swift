import Shell

extension EngineModule {
    /// The Ping SDK's network contract: the `http` command, and `http cookies` for the only state kept between calls.
    package static let http = EngineModule(
        name: "http",
        summary: "HTTP (Ping)",
        helpTitle: "HTTP (the Ping network contract)",
        commands: [HTTPCommand.spec, HTTPCookiesCommand.spec],
        runtime: nil,
        backend: nil
    )
}
