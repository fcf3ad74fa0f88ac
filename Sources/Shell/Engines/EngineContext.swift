import Performance

/// What the session hands an engine runtime when it starts.
final class EngineContext {
    let environment: ShellEnvironment
    let output: Output
    let trace: TraceSink
    /// The server services talk to (a configured host or the embedded backend).
    let server: ServiceServer

    /// The machine's facts, read on first use and kept: `sdkbench -c help` reads none.
    private(set) lazy var device: DeviceContext =
        environment.deviceContext ?? DeviceContext.detect(appVersion: SDKBenchVersion.current, buildNumber: SDKBenchVersion.build)

    init(environment: ShellEnvironment, output: Output, trace: TraceSink, server: ServiceServer) {
        self.environment = environment
        self.output = output
        self.trace = trace
        self.server = server
    }
}
