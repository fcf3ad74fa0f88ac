import Platform
import Shell
import Transport

/// Makes each load device's session: the one function `sdkbench load` and the tests call, so
/// what the tests drive is what ships. A test sets what it must (no ticker, a fixed machine)
/// through the fields, not through a copy of this.
///
/// A device's engines keep their queues, keys and ids in memory (`StateStorage.memory`) unless
/// the run keeps its state (`load --keep-state`): no phone of a load run keeps them past it, and
/// 2,000 devices running the Miataru flow once made 8,002 fsyncs and 40,007 mkdirs.
package struct LoadDeviceSessions: Sendable {
    package var catalog: ShellCatalog
    /// Files (each device's under its own home in the run's work directory) or memory only.
    package var stateStorage: StateStorage
    /// The engines' one-second ticker for their time rules; tests drive `tick` instead.
    package var startsTicker = true
    /// The one ticker of every device's engines (`SharedEngineTicker` says why).
    package let ticker = SharedEngineTicker()
    /// The machine the engines report; `nil` reads this one.
    package var machine: MachineFacts?
    package var processEnvironment: [String: String] = [:]
    package var scriptSizeLimit = ScriptFileReader.defaultLimit
    /// What `--var` and `--secret` gave, set in every device's session (secrets masked).
    package var variables: [(name: String, value: String, isSecret: Bool)] = []
    /// The embedded backend the devices share, started by the first that needs it.
    package var backend: SharedEmbeddedBackend?

    package init(catalog: ShellCatalog, stateStorage: StateStorage, backend: SharedEmbeddedBackend?) {
        self.catalog = catalog
        self.stateStorage = stateStorage
        self.backend = backend
    }

    /// Device `home`'s session, sending through the driver's measured transports.
    package func make(home: String, transport: any HTTPTransport, insecure: any HTTPTransport) -> ShellSession {
        var environment = ShellEnvironment(
            paths: StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config"),
            machine: machine,
            startsTicker: startsTicker,
            processEnvironment: processEnvironment,
            transport: transport,
            keepsState: false
        )
        environment.insecureTransport = insecure
        environment.sharedTicker = ticker
        environment.stateStorage = stateStorage
        let session = ShellSession(catalog: catalog, environment: environment, output: Output(destination: .discard, revealsSecrets: false))
        if let backend { session.shareEmbeddedBackend(backend) }
        session.scriptSizeLimit = scriptSizeLimit
        for variable in variables {
            if variable.isSecret { session.secrets.add(variable.value) }
            session.variables.set(variable.name, .string(variable.value), secret: variable.isSecret)
        }
        return session
    }
}
