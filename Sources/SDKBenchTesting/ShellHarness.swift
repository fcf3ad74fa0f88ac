import Performance
import Script
import Shell

/// A session wired for tests: memory output, a temporary home, a manual clock, a fixed device.
public final class ShellHarness {
    public let home: TemporaryDirectory
    public let clock: ManualPerformanceClock
    public let output: Output
    public let session: ShellSession

    public static let device = DeviceContext(
        deviceModel: "TestBox 1", iosVersion: "12", appVersion: "0.1.0", buildNumber: "1", networkType: "Ethernet",
        osName: "Debian GNU/Linux")

    public init(start: Double = 1_731_927_483.234, table: CommandTable = .standard) {
        home = TemporaryDirectory()
        clock = ManualPerformanceClock(start)
        output = Output(destination: .memory)
        session = ShellSession(
            table: table,
            environment: ShellEnvironment(
                paths: StatePaths(stateDirectory: home.path + "/state", configDirectory: home.path + "/config"),
                performanceClock: clock, deviceContext: Self.device, startsTicker: false),
            output: output)
    }

    /// Runs a script text named `name` and returns the exit status with what was printed since the last call.
    @discardableResult
    public func run(_ text: String, name: String = "test.sdk", options: RunOptions = RunOptions()) -> (
        status: ExitStatus, stdout: String, stderr: String
    ) {
        let before = output.captured()
        let status = ScriptRunner(session: session).run(SourceFile(name: name, text: text), options: options)
        let after = output.captured()
        return (status, String(after.stdout.dropFirst(before.stdout.count)), String(after.stderr.dropFirst(before.stderr.count)))
    }

    deinit {
        session.shutdown()
        home.remove()
    }
}
