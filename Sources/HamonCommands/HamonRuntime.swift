import Hamon
import JSON
import Ping
import Platform
import Script
import Shell
import Transport

/// Owns the Hamon engine for the session: builds it on first use (restoring an earlier run's
/// queue), points it at the services' server, ticks its 10-second rule and renders its notices.
final class HamonRuntime: EngineRuntime {
    static let name = "hamon"

    let client: HamonClient
    private let server: ServiceHost
    private let trace: TraceSink
    private let output: ShellEventRouter
    private let undeliveredFate: String
    private let secondSignalHint: String
    /// The server setting the engine was last pointed at, to notice `configure host` changes.
    private var appliedServer: ServiceHost.Setting?
    /// The seed's two URLSession deadlines: the answer must begin within `timeout` (request,
    /// 30 s) and end within `resourceTimeout` (resource, 60 s).
    private(set) var timeout: Double = 30
    private(set) var resourceTimeout: Double = 60
    private var notedEmbeddedBackend = false

    static func journalPath(_ paths: StatePaths) -> String { paths.stateDirectory + "/hamon/queue.journal" }

    static func hasWorkToRestore(_ paths: StatePaths) -> Bool { SystemFiles.size(journalPath(paths)) > 0 }

    init(context: EngineContext) throws(ShellError) {
        server = context.server
        trace = context.trace
        let output = context.events
        self.output = output
        let undeliveredFate = context.undeliveredFate
        self.undeliveredFate = undeliveredFate
        secondSignalHint = context.secondSignalHint
        let paths = context.environment.paths
        let facts = DeviceFactsReader.read(context: context)
        var configuration = HamonConfiguration(
            journalPath: Self.journalPath(paths),
            installPath: paths.stateDirectory + "/hamon/install.json",
            app: Self.app(AppIdentity(version: SDKBenchVersion.current, versionCode: Int(SDKBenchVersion.build) ?? 1), device: context.device)
        )
        configuration.storage = context.environment.stateStorage
        do {
            client = try HamonClient(
                configuration: configuration,
                client: trace.client(timeout: 60, requestTimeout: 30, sdkHeadersAndCookies: false),
                clock: context.environment.clock,
                device: facts,
                events: { notice in output.emit(Notice(notice: notice, undeliveredFate: undeliveredFate)) }
            )
        } catch {
            throw .engine(error, action: "cannot start Hamon")
        }
    }

    var tick: @Sendable () -> Void { { [client] in client.tick() } }

    static var idleStatus: EngineStatus {
        EngineStatus(line: "not started", fields: ["user": .null, "queued": .int(0), "fcm": .bool(false)])
    }

    func status() -> EngineStatus {
        EngineStatus(
            line:
                "user \(client.userID ?? "(none)"), \(HamonText.events(client.queueDepth)) queued, timeouts \(HTTPDurations.text(timeout)) request, \(HTTPDurations.text(resourceTimeout)) resource",
            fields: [
                "user": client.userID.map(Value.string) ?? .null, "queued": .int(client.queueDepth), "fcm": .bool(client.fcmToken != nil),
            ]
        )
    }

    func hostChanged(at range: SourceRange?) throws(ShellError) { try prepareServer(at: range) }

    func deviceChanged(_ context: EngineContext) {
        client.setDevice(DeviceFactsReader.read(context: context))
        client.setApp(Self.app(client.app, device: context.device))
    }

    /// `app` with the device profile's app version and build (a build that is not a number
    /// cannot be `app_version_code` and is left out).
    private static func app(_ app: AppIdentity, device: DeviceProfile) -> AppIdentity {
        var app = app
        if let version = device[.appVersion] { app.version = version }
        if let build = device[.appBuild].flatMap({ Int($0) }) { app.versionCode = build }
        return app
    }

    /// Points the engine at the services' server (starting the embedded backend when that is it).
    func prepareServer(at range: SourceRange?) throws(ShellError) {
        let setting = try server.effectiveHost(at: range)
        guard setting != appliedServer else { return }
        if appliedServer?.insecure != setting.insecure {
            client.setHTTPClient(httpClient(insecure: setting.insecure))
        }
        appliedServer = setting
        client.configure(server: HamonEndpoint(host: setting.host, https: setting.https))
    }

    /// Says once per session that events logged before `configure host` go to the embedded
    /// backend: seed 000's `isInitialized` gate would hold them until the SDK is configured, a
    /// deviation README documents.
    func noteEmbeddedBackendOnce() {
        guard !notedEmbeddedBackend, server.configured == nil, let backend = server.backend else { return }
        notedEmbeddedBackend = true
        output.warn(
            "[Hamon] no 'configure host' yet, so events go to the embedded backend at \(backend.url) (the SDK would hold them until configured)"
        )
    }

    /// Sets the request timeout and, when given, the resource timeout (`hamon timeout`).
    func setTimeouts(request: Double, resource: Double?) {
        timeout = request
        if let resource { resourceTimeout = resource }
        client.setHTTPClient(httpClient(insecure: appliedServer?.insecure ?? false))
    }

    private func httpClient(insecure: Bool) -> PingClient {
        trace.client(timeout: resourceTimeout, requestTimeout: timeout, sdkHeadersAndCookies: false, insecure: insecure)
    }

    /// A background notice of the client, emitted as it is: rendered only where it is shown.
    struct Notice: Renderable {
        let notice: HamonNotice
        let undeliveredFate: String

        func render(into output: inout TerminalLines) {
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
                let events = "\(report.remaining) event\(report.remaining == 1 ? "" : "s")"
                let fate = report.trigger == .shutdown ? undeliveredFate : "kept for the next flush"
                output.warn("[Hamon] \(report.trigger.rawValue) flush failed: \(failure); \(events) \(fate)")
            case .journalProblem(let message):
                output.warn("[Hamon] \(message)")
            }
        }
    }

    /// Flushes within `budget` (the journal keeps the rest); `false` when a second
    /// signal cut the wait short, the journal keeping everything not yet delivered.
    func shutdown(budget: Duration) async -> Bool {
        let client = client
        if client.closeIfIdle() { return true }
        let output = output
        let hint = secondSignalHint
        let slow: @Sendable () -> Void = {
            // A loaded machine can take a moment to close an empty queue: nothing to announce.
            let depth = client.queueDepth
            guard depth > 0 else { return }
            output.warn("[Hamon] sending \(HamonText.events(depth)) before exit (at most \(Int(budget.inSeconds.rounded(.up))) s; \(hint))")
            output.flush()
        }
        guard case .done = await AsyncBridge.wait(slow: slow, { await client.shutdown(budget: budget) }) else {
            output.warn("[Hamon] leaving at once: \(HamonText.events(client.queueDepth)) \(undeliveredFate)")
            return false
        }
        return true
    }
}
