import Foundation
import Platform
import SDKBenchCatalog
import SDKBenchTesting
import Script
import Shell
import Transport

/// A session wired for tests: memory output, a temporary home, a manual clock, a fixed machine.
package final class ShellHarness: @unchecked Sendable {
    package let home: TemporaryDirectory
    /// Its sleeps pass at once, so a Hamon retry does not hold a flow test up.
    package let clock: ManualClock
    package let output: Output
    package let session: ShellSession

    package static let machine = MachineFacts(
        osName: "Debian GNU/Linux",
        osVersion: "12",
        kernelRelease: "6.1.0-test",
        machine: "x86_64",
        hostname: "testbox",
        model: "TestBox 1",
        manufacturer: "Test Vendor",
        memoryBytes: 8 << 30,
        networkInterfaces: [NetworkInterface(name: "eth0", isUp: true, kind: .ethernet)]
    )

    /// Whether this harness made its home (and removes it at the end).
    private let ownsHome: Bool

    /// - Parameters:
    ///   - other: a harness whose home this one uses, as a second run of sdkbench on the same
    ///     state would (shut `other` down first); the home stays `other`'s to remove.
    ///   - transport: replaces the network for every engine (a `RecordingTransport`), for flows
    ///     whose server side is not the point.
    package init(
        start: Double = 1_731_927_483.234,
        catalog: ShellCatalog = .standard,
        table: CommandTable? = nil,
        sharingHomeOf other: ShellHarness? = nil,
        transport: (any HTTPTransport)? = nil
    ) {
        home = other?.home ?? TemporaryDirectory()
        ownsHome = other == nil
        clock = ManualClock(start, sleepsPassAtOnce: true)
        output = Output(destination: .memory)
        var sessions = Self.sessions(catalog: catalog, clock: clock)
        sessions.table = table
        sessions.transport = transport
        session = sessions.make(paths: StatePaths(stateDirectory: home.path + "/state", configDirectory: home.path + "/config"), output: output)
    }

    /// The product's session factory with what a test must have: the fixed machine, no ticker
    /// (a test drives time itself), a known locale, and `clock` (sleeps pass at once by default).
    package static func sessions(
        catalog: ShellCatalog = .standard,
        clock: any WallClock = ManualClock(sleepsPassAtOnce: true)
    ) -> SessionFactory {
        var sessions = SessionFactory(catalog: catalog)
        sessions.clock = clock
        sessions.machine = machine
        sessions.startsTicker = false
        sessions.processEnvironment = ["LANG": "en_US.UTF-8"]
        return sessions
    }

    /// Runs a script text named `name` and returns the exit status with what was printed since the last call.
    @discardableResult
    package func run(
        _ text: String,
        name: String = "test.sdk",
        options: RunOptions = RunOptions()
    ) -> (
        status: ExitStatus, stdout: String, stderr: String
    ) {
        let before = output.captured()
        let status = ScriptRunner(session: session).runBlocking(SourceFile(name: name, text: text), options: options).status
        let after = output.captured()
        return (status, String(after.stdout.dropFirst(before.stdout.count)), String(after.stderr.dropFirst(before.stderr.count)))
    }

    /// Like `run`, on a thread of its own. Commands that wait for engine work (network, backend)
    /// block their thread until it is done, so they must not run on the cooperative pool that
    /// the work itself needs; tests of such commands await this instead.
    package func execute(
        _ text: String,
        name: String = "test.sdk",
        options: RunOptions = RunOptions()
    ) async -> (
        status: ExitStatus, stdout: String, stderr: String
    ) {
        await OwnThread.run { self.run(text, name: name, options: options) }
    }

    /// Shuts the session down (flushing engines, stopping the backend) on a thread of its own.
    package func close() async {
        await OwnThread.run { self.session.shutdownBlocking() }
    }

    deinit {
        session.shutdownBlocking()
        if ownsHome { home.remove() }
    }
}
