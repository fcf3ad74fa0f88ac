import Shell

extension EngineModule {
    /// The Ping SDK's network contract: the `http` command, `http cookies` for the cookie jar, and
    /// the session's interceptors: `http header …` (request) and `http on-response` (response).
    package static let http = EngineModule(
        name: "http",
        summary: "HTTP (Ping)",
        helpTitle: "HTTP (the Ping network contract)",
        commands: [
            HTTPCommand.spec, HTTPCookiesCommand.spec, HTTPHeaderSetCommand.spec, HTTPHeaderUnsetCommand.spec, HTTPHeaderListCommand.spec,
            HTTPOnResponseCommand.spec, HTTPOnResponseListCommand.spec, HTTPOnResponseClearCommand.spec,
        ],
        runtime: HTTPSessionRuntime.self,
        backend: nil
    )
}
