import ArgumentParser
import Backend
import Dispatch
import SDKBenchCatalog
import Shell
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the embedded local backend ("
            + ShellCatalog.list(ShellCatalog.standard.modules.filter { $0.backend != nil }.map(\.summary)) + ") until SIGINT or SIGTERM.",
        discussion: """
            The first line printed is the backend's URL. Its /_sdkbench/status, /_sdkbench/received/SERVICE and \
            /_sdkbench/fault/SERVICE routes let scripts inspect it. It leaves within 2 s of the signal (status 3 \
            when a request still open made it stop without waiting). A client must send each request's head within \
            --head-timeout and its next request within --idle-timeout; past --max-connections, a new connection \
            closes the one idle the longest (stderr says so once).
            """
    )

    @Option(help: ArgumentHelp("The address to bind.", valueName: "HOST"))
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: ArgumentHelp("The port (0 picks a free one).", valueName: "PORT"))
    var port = 0

    @OptionGroup var limitOptions: ListenerLimitOptions

    /// Proves conformance suites can fail: the backend gets one rule wrong on purpose.
    @Option(name: .customLong("break"), parsing: .singleValue, help: .hidden)
    var breaks: [String] = []

    /// Reproduces a real server's known defects together (`miataru-server-2.3`), for the tests.
    @Option(name: .customLong("break-profile"), help: .hidden)
    var breakProfile: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0-65535, got \(port)") }
        do {
            _ = try chosenBreaks()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The rules named with `--break`, and the profile's.
    private func chosenBreaks() throws(BackendError) -> BackendBreaks {
        let groups = ShellCatalog.standard.backendGroups
        let profile = try breakProfile.map { name throws(BackendError) in try BackendBreaks.profile(name, of: groups).rules } ?? []
        return try BackendBreaks(Set(breaks).union(profile), of: groups)
    }

    func run() throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        let (host, port) = (host, port)
        let breaks = try chosenBreaks()
        let limits = limitOptions.limits(descriptorsEach: 1)
        Task {
            do {
                let backend = try await LocalBackend.start(
                    host: host,
                    port: port,
                    groups: ShellCatalog.standard.backendGroups,
                    handlesSignals: true,
                    breaks: breaks,
                    limits: limits,
                    notice: { fputs("sdkbench serve: \($0)\n", stderr) }
                )
                // Armed once the backend listens for signals too, so that an early one is not swallowed.
                let watchdog = ShutdownWatchdog(budget: .milliseconds(1500))
                let sources = watchdog.arm()
                print(backend.url)
                fflush(stdout)
                await backend.waitUntilStopped()
                watchdog.disarm(sources)
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        done.wait()
        if let message = failure.withLock({ $0 }) {
            fputs("sdkbench serve: \(message)\n", stderr)
            throw ExitCode(ExitStatus.runtime.rawValue)
        }
    }
}
