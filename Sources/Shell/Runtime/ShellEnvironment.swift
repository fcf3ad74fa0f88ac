import NIOCore
import Platform
import Transport

/// What a session is given from outside: paths, terminal facts, the clock, the machine. Tests build their own.
package struct ShellEnvironment: Sendable {
    package var paths: StatePaths
    package var useColor: Bool
    package var isInteractive: Bool
    /// The wall clock of every engine's time rules (Performance's timeouts, Hamon's 10-second
    /// and 2-second rules).
    package var clock: any WallClock
    /// The machine the engines report as their device; `nil` reads this one on first use.
    package var machine: MachineFacts?
    /// Whether engines get a background ticker (1 s) for their time-based rules; tests drive `tick` instead.
    package var startsTicker: Bool
    /// Where the ticker is one for many sessions (a load run's devices); `nil`: a timer of its own.
    package var sharedTicker: SharedEngineTicker?
    /// Bind commands but run no handler: the fuzzer's mode.
    package var dryRun: Bool
    /// The process environment, for what engines report about the device (the locale).
    package var processEnvironment: [String: String]
    /// Where every request goes; `nil` is the network (AsyncHTTPClient). The fuzzer gives one
    /// that answers at once, so whole scripts run over the real engines without sockets.
    package var transport: (any HTTPTransport)?
    /// Where requests to a host configured with `--insecure` go; `nil` is `transport` when that
    /// is set, else the network's client that accepts any certificate.
    package var insecureTransport: (any HTTPTransport)?
    /// The loop the embedded backend serves on; `nil` gives it a thread of its own. A test-mode
    /// worker gives its `WorkerLoop`'s, where its requests go out too.
    package var backendLoops: (any EventLoopGroup)?
    /// Whether the state directory outlives the session: `false` for a test file's or a load
    /// device's session, whose directory is removed with it, so nothing is "kept for the next run".
    package var keepsState: Bool
    /// Where the engines keep their queues, keys and ids: files in `paths`, or memory only (a
    /// load device's, unless `load --keep-state`).
    package var stateStorage = StateStorage.files

    /// Sends and serves on `worker`'s thread.
    package mutating func run(on worker: WorkerLoop) {
        transport = worker.transport
        insecureTransport = worker.insecureTransport
        backendLoops = worker.group
    }

    package init(
        paths: StatePaths,
        useColor: Bool = false,
        isInteractive: Bool = false,
        clock: any WallClock = SystemClock(),
        machine: MachineFacts? = nil,
        startsTicker: Bool = true,
        dryRun: Bool = false,
        processEnvironment: [String: String] = [:],
        transport: (any HTTPTransport)? = nil,
        keepsState: Bool = true
    ) {
        insecureTransport = nil
        backendLoops = nil
        self.keepsState = keepsState
        self.transport = transport
        self.processEnvironment = processEnvironment
        self.paths = paths
        self.useColor = useColor
        self.isInteractive = isInteractive
        self.clock = clock
        self.machine = machine
        self.startsTicker = startsTicker
        self.dryRun = dryRun
    }
}
