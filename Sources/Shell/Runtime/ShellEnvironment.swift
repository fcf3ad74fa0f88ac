import Hamon
import Performance
import Transport

/// The version sdkbench reports, also the Performance device context's app version.
public enum SDKBenchVersion {
    public static let current = "0.1.0"
    public static let build = "1"
}

/// What a session is given from outside: paths, terminal facts, clocks. Tests build their own.
public struct ShellEnvironment: Sendable {
    public var paths: StatePaths
    public var useColor: Bool
    public var isInteractive: Bool
    public var performanceClock: any PerformanceClock
    /// `nil` detects the real host on first use of the Performance engine.
    public var deviceContext: DeviceContext?
    /// Whether engines get a background ticker (1 s) for their time-based rules; tests drive `tick` instead.
    public var startsTicker: Bool
    /// Bind commands but run no handler: the fuzzer's mode.
    public var dryRun: Bool
    /// The clock of Hamon's 10-second and 2-second rules.
    public var hamonClock: any HamonClock
    /// The process environment, for what engines report about the host (the locale).
    public var processEnvironment: [String: String]
    /// Where every request goes; `nil` is the network (AsyncHTTPClient). The fuzzer gives one
    /// that answers at once, so whole scripts run over the real engines without sockets.
    public var transport: (any HTTPTransport)?

    public init(
        paths: StatePaths, useColor: Bool = false, isInteractive: Bool = false,
        performanceClock: any PerformanceClock = SystemPerformanceClock(), deviceContext: DeviceContext? = nil,
        startsTicker: Bool = true, dryRun: Bool = false, hamonClock: any HamonClock = SystemHamonClock(),
        processEnvironment: [String: String] = [:], transport: (any HTTPTransport)? = nil
    ) {
        self.transport = transport
        self.hamonClock = hamonClock
        self.processEnvironment = processEnvironment
        self.paths = paths
        self.useColor = useColor
        self.isInteractive = isInteractive
        self.performanceClock = performanceClock
        self.deviceContext = deviceContext
        self.startsTicker = startsTicker
        self.dryRun = dryRun
    }
}
