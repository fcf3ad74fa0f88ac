import Platform
import Shell
import Transport

extension ShellHarness {
    /// A load device's session as the tests' drivers make it: state under `home`, the fixed
    /// machine, no ticker, the driver's measured transports, output discarded, sharing `shared`
    /// as its embedded backend when given.
    package static func loadDeviceSession(
        catalog: ShellCatalog = .standard,
        home: String,
        transport: any HTTPTransport,
        insecure: any HTTPTransport,
        sharing shared: SharedEmbeddedBackend?
    ) -> ShellSession {
        var environment = ShellEnvironment(
            paths: StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config"),
            machine: machine,
            startsTicker: false,
            transport: transport,
            keepsState: false
        )
        environment.insecureTransport = insecure
        let session = ShellSession(catalog: catalog, environment: environment, output: Output(destination: .discard))
        if let shared { session.shareEmbeddedBackend(shared) }
        return session
    }
}
