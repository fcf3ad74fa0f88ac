import Dispatch
import Hamon
import Platform
import Script

/// Owns the Hamon engine for the session: builds it on first use (restoring an earlier run's
/// queue), points it at the shared host, ticks its 10-second rule and renders its notices.
final class HamonHost {
    let client: HamonClient
    private let services: ServiceHost
    private let trace: TraceSink
    private let output: Output
    private let ticker: DispatchSourceTimer?
    /// The host setting the engine was last pointed at, to notice `configure host` changes.
    private var appliedHost: ServiceHost.Setting?
    private(set) var timeout: Double = 30

    static func journalPath(_ paths: StatePaths) -> String { paths.stateDirectory + "/hamon/queue.journal" }

    init(environment: ShellEnvironment, services: ServiceHost, trace: TraceSink, output: Output, machine: MachineFacts) throws(ShellError) {
        self.services = services
        self.trace = trace
        self.output = output
        let paths = environment.paths
        let facts = DeviceFactsReader.read(environment: environment.processEnvironment, machine: machine, stateDirectory: paths.stateDirectory)
        let configuration = HamonConfiguration(
            journalPath: Self.journalPath(paths), installPath: paths.stateDirectory + "/hamon/install.json",
            app: AppIdentity(version: SDKBenchVersion.current, versionCode: Int(SDKBenchVersion.build) ?? 1))
        do {
            client = try HamonClient(
                configuration: configuration, client: trace.client(timeout: 30, sdkHeadersAndCookies: false), clock: environment.clock,
                device: facts, events: { notice in HamonHost.render(notice, to: output) })
        } catch {
            throw .runtime("cannot start Hamon: \(error)")
        }
        ticker = Ticker.start(if: environment.startsTicker) { [client] in client.tick() }
    }

    /// Points the engine at the effective host (starting the embedded backend when that is it).
    func prepareServer(at range: SourceRange?) throws(ShellError) {
        let setting = try services.effectiveHost(at: range)
        guard setting != appliedHost else { return }
        if appliedHost?.insecure != setting.insecure {
            client.setHTTPClient(trace.client(timeout: timeout, sdkHeadersAndCookies: false, insecure: setting.insecure))
        }
        appliedHost = setting
        client.configure(server: HamonServer(host: setting.host, https: setting.https))
    }

    func setTimeout(_ seconds: Double) {
        timeout = seconds
        client.setHTTPClient(trace.client(timeout: seconds, sdkHeadersAndCookies: false, insecure: appliedHost?.insecure ?? false))
    }

    static func render(_ notice: HamonNotice, to output: Output) {
        switch notice {
        case .waitingForUser(let queued):
            output.warn("[Hamon] waiting for userId (Firebase App Instance ID): \(queued) event\(queued == 1 ? "" : "s") queued until 'user ID'")
        case .restored(let count, let unreadable):
            output.line("[Hamon] restored \(count) queued event\(count == 1 ? "" : "s") from the last run")
            if unreadable > 0 { output.warn("[Hamon] \(unreadable) unreadable line\(unreadable == 1 ? "" : "s") in the queue journal skipped") }
        case .retrying(let status, let seconds):
            output.line("[Hamon] HTTP \(status) from the server; retrying once in \(Int(seconds)) s")
        case .flushed(let report):
            guard report.trigger != .manual, let failure = report.failure else { return }
            let kept = "\(report.remaining) event\(report.remaining == 1 ? "" : "s") kept"
            let when = report.trigger == .shutdown ? "for the next run" : "for the next flush"
            output.warn("[Hamon] \(report.trigger.rawValue) flush failed: \(failure); \(kept) \(when)")
        case .journalProblem(let message):
            output.warn("[Hamon] \(message)")
        }
    }

    /// Flushes within `budget` seconds (the journal keeps the rest); `false` when a second
    /// signal cut the wait short, the journal keeping everything not yet delivered.
    @discardableResult
    func shutdown(budget: Double) -> Bool {
        ticker?.cancel()
        let client = client
        let output = output
        let slow = {
            output.warn("[Hamon] sending \(HamonText.events(client.queueDepth)) before exit (at most \(Int(budget.rounded(.up))) s; Ctrl-C or SIGTERM again leaves now, keeping them queued)")
            output.flush()
        }
        guard case .done = AsyncBridge.wait(slow: slow, { await client.shutdown(budget: budget) }) else {
            let left = client.queueDepth
            output.warn("[Hamon] leaving at once: \(HamonText.events(left)) stay in the journal for the next run")
            return false
        }
        return true
    }
}
