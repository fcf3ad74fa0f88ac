import Platform

/// What the session hands an engine runtime when it starts.
package final class EngineContext {
    package let environment: ShellEnvironment
    /// Where the runtime shows notices: the running command's listeners, else the terminal.
    package let events: ShellEventRouter
    package let trace: TraceSink
    /// The server services talk to (a configured host or the embedded backend).
    package let server: ServiceHost

    /// The phone the session plays (`device set`), over the machine's own facts.
    package let deviceStore: DeviceProfileStore

    /// The facts `device set` gave; engines read them when they start and again in
    /// `EngineRuntime.deviceChanged`.
    package var device: DeviceProfile { deviceStore.profile }

    /// The machine engines report as their device: the environment's, else this one (read on
    /// first use, so `sdkbench -c help` reads none), with the profile's facts in place.
    package var machine: MachineFacts { device.applied(to: environment.machine ?? .local) }

    /// How a shutdown notice ends for what was not delivered: where it goes.
    package var undeliveredFate: String {
        environment.keepsState ? "kept in the journal for the next run" : "dropped with this session's state"
    }

    /// What a second Ctrl-C or SIGTERM does while a shutdown delivers.
    package var secondSignalHint: String {
        environment.keepsState ? "Ctrl-C or SIGTERM again leaves now, keeping them queued" : "Ctrl-C or SIGTERM again leaves now"
    }

    init(environment: ShellEnvironment, events: ShellEventRouter, trace: TraceSink, server: ServiceHost) {
        self.environment = environment
        self.events = events
        self.trace = trace
        self.server = server
        deviceStore = DeviceProfileStore(stateDirectory: environment.paths.stateDirectory, storage: environment.stateStorage)
    }
}
