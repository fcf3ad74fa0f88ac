import Platform
import Script
import Transport

/// Makes sessions: the one function that `sdkbench run` and the REPL, each file of `test` and
/// `check`, each load device (`LoadDeviceSessions`) and the tests call, so what the tests drive
/// is what ships. What differs between them is given through the fields and `make`'s
/// parameters (a test's manual clock and fixed machine, a report's memory output, a load
/// device's discarding one and its measured transports), not through a copy of this.
package struct SessionFactory: Sendable {
    package var catalog: ShellCatalog
    /// The commands lines bind against when not the catalog's (tests of a narrowed table).
    package var table: CommandTable?
    package var clock: any WallClock = SystemClock()
    /// The machine the engines report; `nil` reads this one.
    package var machine: MachineFacts?
    /// Whether engines tick their time rules by themselves; tests drive `tick` instead.
    package var startsTicker = true
    /// The one ticker of many sessions (a load run's devices); `nil`: each session's own.
    package var sharedTicker: SharedEngineTicker?
    package var processEnvironment: [String: String] = [:]
    /// Where requests go when not the network (a test's recording transport).
    package var transport: (any HTTPTransport)?
    package var useColor = false
    package var isInteractive = false
    /// Files under each session's home, or memory only (load devices unless `--keep-state`).
    package var stateStorage = StateStorage.files
    /// Set in every session before its first line, secrets masked.
    package var given: [GivenVariable] = []
    /// How long an `http` line without `--timeout` waits; `nil`: the session's default (15 s).
    package var requestTimeout: Double?
    /// The most bytes a script `source` reads may hold (`--max-script-size`).
    package var scriptSizeLimit = ScriptFileReader.defaultLimit

    package init(catalog: ShellCatalog) { self.catalog = catalog }

    /// A session whose state lives under `paths`.
    ///
    /// - Parameters:
    ///   - keepsState: `false` for a session whose home goes with it (a test file's, a load
    ///     device's): nothing is "kept for the next run".
    ///   - adjust: what only this session has (the worker loop it sends on, a device's transports).
    package func make(
        paths: StatePaths,
        keepsState: Bool = true,
        output: Output,
        adjust: (inout ShellEnvironment) -> Void = { _ in }
    ) -> ShellSession {
        var environment = ShellEnvironment(
            paths: paths,
            useColor: useColor,
            isInteractive: isInteractive,
            clock: clock,
            machine: machine,
            startsTicker: startsTicker,
            processEnvironment: processEnvironment,
            transport: transport,
            keepsState: keepsState
        )
        environment.sharedTicker = sharedTicker
        environment.stateStorage = stateStorage
        adjust(&environment)
        let session = ShellSession(catalog: catalog, table: table, environment: environment, output: output)
        if let requestTimeout { session.defaultRequestTimeout = requestTimeout }
        session.scriptSizeLimit = scriptSizeLimit
        session.give(given)
        return session
    }

    /// A session under `home` (its `state` and `config` directories), as each test file and load device has.
    package func make(
        home: String,
        keepsState: Bool = false,
        output: Output,
        adjust: (inout ShellEnvironment) -> Void = { _ in }
    ) -> ShellSession {
        make(
            paths: StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config"),
            keepsState: keepsState,
            output: output,
            adjust: adjust
        )
    }
}
