import Platform
import Shell
import Transport

/// Makes each load device's session through the product's one `SessionFactory`, with the
/// device's own transports and the run's shared ticker and backend. A test sets what it must (no
/// ticker, a fixed machine) through `factory`, not through a copy of this.
///
/// A device's engines keep their queues, keys and ids in memory (`StateStorage.memory`) unless
/// the run keeps its state (`load --keep-state`): no phone of a load run keeps them past it, and
/// 2,000 devices running the Miataru flow once made 8,002 fsyncs and 40,007 mkdirs.
package struct LoadDeviceSessions: Sendable {
    /// How every device's session is made (`SessionFactory`, the one the product and tests
    /// share): the catalog, what `--var` and `--secret` gave, the storage (files under each
    /// device's own home in the run's work directory, or memory only), the shared ticker.
    package var factory: SessionFactory
    /// The one ticker of every device's engines (`SharedEngineTicker` says why).
    package let ticker = SharedEngineTicker()
    /// The embedded backend the devices share, started by the first that needs it.
    package var backend: SharedEmbeddedBackend?

    package init(catalog: ShellCatalog, stateStorage: StateStorage, backend: SharedEmbeddedBackend?) {
        self.init(factory: SessionFactory(catalog: catalog), stateStorage: stateStorage, backend: backend)
    }

    /// Devices made by `factory` (its catalog, given variables, limits), with their state in
    /// `stateStorage` and every device's engines on this run's one ticker.
    package init(factory: SessionFactory, stateStorage: StateStorage, backend: SharedEmbeddedBackend?) {
        self.factory = factory
        self.factory.stateStorage = stateStorage
        self.factory.sharedTicker = ticker
        self.backend = backend
    }

    /// Device `home`'s session, sending through the driver's measured transports.
    package func make(home: String, transport: any HTTPTransport, insecure: any HTTPTransport) -> ShellSession {
        let session = factory.make(home: home, output: Output(destination: .discard, revealsSecrets: false)) { environment in
            environment.transport = transport
            environment.insecureTransport = insecure
        }
        if let backend { session.shareEmbeddedBackend(backend) }
        return session
    }
}
