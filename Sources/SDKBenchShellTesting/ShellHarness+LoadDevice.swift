import LoadMode
import Platform
import Shell

extension ShellHarness {
    /// Load devices' sessions as `sdkbench load` makes them, with what a test needs: the fixed
    /// machine and no ticker (a test drives time itself).
    package static func loadDeviceSessions(
        catalog: ShellCatalog = .standard,
        storage: StateStorage,
        sharing shared: SharedEmbeddedBackend?
    ) -> LoadDeviceSessions {
        var sessions = LoadDeviceSessions(catalog: catalog, stateStorage: storage, backend: shared)
        sessions.factory.machine = machine
        sessions.factory.startsTicker = false
        return sessions
    }
}
