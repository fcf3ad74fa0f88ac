import JSON
import Platform
import Script
import Shell
import Sift

/// Owns the Sift engine for the session: builds it on first use (restoring an earlier run's
/// queues and batches), resolves where batches go (`sift server`, else `configure host`, else
/// the embedded backend), registers the beacon key as a secret, ticks the age rule and renders
/// the engine's notices.
final class SiftRuntime: EngineRuntime {
    static let name = "sift"
    /// The path every host-based URL format uses, as the real service's.
    static let mobileEventsPath = "/v3/accounts/%@/mobile_events"

    let client: SiftClient
    private let server: ServiceHost
    private let trace: TraceSink
    let output: ShellEventRouter
    private let undeliveredFate: String
    private let secondSignalHint: String
    /// `sift server FORMAT|local|sdk`; `nil` follows `configure host`, else the embedded backend,
    /// as every engine does. `sdk` is the SDK's production URL.
    private(set) var serverSetting: String?
    private var appliedInsecure = false
    /// The last format text parsed and its result: every `sift event` asks, and parsing it each
    /// time was 15% of the Sift bench's run.
    private var parsedFormat: (text: String, format: SiftURLFormat)?
    /// The URL format text made for a host, kept because every `sift event` checks the server.
    private var hostText: (host: ServiceHost.Setting, text: String)?

    static func directory(_ paths: StatePaths) -> String { paths.stateDirectory + "/sift" }

    /// Batches wait in the uploader's journal, or events in a queue's (an acknowledged event's
    /// line may linger until compaction: starting for nothing costs a moment, not a loss).
    static func hasWorkToRestore(_ paths: StatePaths) -> Bool {
        let directory = directory(paths)
        if SystemFiles.size(directory + "/uploader.journal") > 0 { return true }
        return SiftQueueIdentifier.allCases.contains { queue in
            SystemFiles.text(directory + "/queues/" + queue.rawValue + ".journal", limit: 1 << 24)?.contains(#" {"time":"#) ?? false
        }
    }

    init(context: EngineContext) throws(ShellError) {
        server = context.server
        trace = context.trace
        let output = context.events
        self.output = output
        undeliveredFate = context.undeliveredFate
        secondSignalHint = context.secondSignalHint
        var configuration = SiftConfiguration(
            directory: Self.directory(context.environment.paths),
            app: SiftApp(name: "sdkbench", version: SDKBenchVersion.current)
        )
        configuration.storage = context.environment.stateStorage
        do {
            client = try SiftClient(
                configuration: configuration,
                http: trace.client(timeout: 30, sdkHeadersAndCookies: false),
                clock: context.environment.clock,
                machine: context.machine,
                profile: context.device,
                events: { notice in output.emit(SiftNoticeText.Notice(notice: notice)) }
            )
        } catch {
            throw .engine(error, action: "cannot start Sift")
        }
    }

    /// Where batches go, as `status` names it.
    var target: String {
        switch serverSetting {
        case Self.productionSetting?: return SiftURLFormat.standard.format + " (the SDK's production URL)"
        case "local"?: return "the embedded backend"
        case let format?: return format
        case nil:
            guard let host = server.configured else { return "the embedded backend" }
            return (host.https ? "https://" : "http://") + host.host + Self.mobileEventsPath
        }
    }

    var tick: @Sendable () -> Void { { [client] in client.tick() } }

    static var idleStatus: EngineStatus {
        EngineStatus(
            line: "not started",
            fields: [
                "account": .null, "user": .null, "queued": .int(0), "batches": .int(0), "rejects": .int(0), "paused": .bool(false),
                "motionSensors": .bool(false), "motionReadings": .int(0),
            ]
        )
    }

    func status() -> EngineStatus {
        let settings = client.settings
        let queued = client.queueStatuses().reduce(0) { $0 + $1.count }
        let uploader = client.uploaderStatus()
        var line = "account \(settings.account ?? "(none)"), user \(settings.userID ?? "(none)"), \(SiftNoticeText.events(queued)) queued, "
        line += "\(SiftNoticeText.batches(uploader.batches)) waiting"
        if uploader.rejects > 0 { line += " (\(uploader.rejects) reject\(uploader.rejects == 1 ? "" : "s"))" }
        if settings.paused { line += ", paused" }
        if settings.motionSensorsAllowed {
            line += ", motion sensors allowed (\(settings.motionReadings) reading\(settings.motionReadings == 1 ? "" : "s") waiting)"
        }
        line += "; sends to \(target)"
        return EngineStatus(
            line: line,
            fields: [
                "server": .string(target),
                "account": settings.account.map(Value.string) ?? .null, "user": settings.userID.map(Value.string) ?? .null,
                "queued": .int(queued), "batches": .int(uploader.batches), "rejects": .int(uploader.rejects), "paused": .bool(settings.paused),
                "motionSensors": .bool(settings.motionSensorsAllowed), "motionReadings": .int(settings.motionReadings),
            ]
        )
    }

    func deviceChanged(_ context: EngineContext) { client.setDevice(machine: context.machine, profile: context.device) }

    func hostChanged(at range: SourceRange?) throws(ShellError) {
        guard serverSetting == nil else { return }
        try prepareServer(at: range)
    }

    /// Sets `sift server` (`local`, a URL format, or `nil` to follow `configure host`) and applies it.
    func setServer(_ setting: String?, at range: SourceRange?) throws(ShellError) {
        let previous = serverSetting
        serverSetting = setting
        do {
            try prepareServer(at: range)
        } catch {
            serverSetting = previous
            throw error
        }
    }

    /// Points the engine at the URL format in use (starting the embedded backend when that is where batches go).
    ///
    /// - Returns: the format applied.
    @discardableResult
    func prepareServer(at range: SourceRange?) throws(ShellError) -> SiftURLFormat {
        let text: String
        var insecure = false
        switch serverSetting {
        case Self.productionSetting:
            // Only when asked by name: a newcomer's test events must not reach a real account.
            text = SiftURLFormat.standard.format
        case let format? where format != "local":
            text = format
        default:
            let host = try serverSetting == "local" ? server.embeddedHost(at: range) : server.effectiveHost(at: range)
            if let hostText, hostText.host == host {
                text = hostText.text
            } else {
                text = (host.https ? "https://" : "http://") + host.host + Self.mobileEventsPath
                hostText = (host, text)
            }
            insecure = host.insecure
        }
        let format: SiftURLFormat
        if let parsedFormat, parsedFormat.text == text {
            format = parsedFormat.format
        } else {
            do {
                format = try SiftURLFormat(text)
            } catch {
                throw .runtime(error.description, at: range)
            }
            parsedFormat = (text, format)
        }
        if insecure != appliedInsecure {
            appliedInsecure = insecure
            client.setHTTPClient(trace.client(timeout: 30, sdkHeadersAndCookies: false, insecure: insecure))
        }
        if client.settings.urlFormat != format { client.setURLFormat(format) }
        return format
    }

    /// The `sift server` word for the SDK's own production URL.
    static let productionSetting = "sdk"

    /// Registers the key and the forms it takes on the wire before the engine holds it.
    func setBeaconKey(_ key: String) {
        let encoded = SiftClient.encodedBeaconKey(key)
        output.secrets.add(key)
        output.secrets.add(encoded)
        output.secrets.add("Basic " + encoded)
        client.setBeaconKey(key)
    }

    /// Sends what the uploader holds within `budget` (ready queues first); the journals
    /// keep the rest. `false` when a second signal cut the wait short.
    func shutdown(budget: Duration) async -> Bool {
        let client = client
        let output = output
        let hint = secondSignalHint
        client.tick()
        var patient = true
        if client.uploaderStatus().batches > 0, client.uploaderStatus().missing.isEmpty {
            let slow: @Sendable () -> Void = {
                let batches = client.uploaderStatus().batches
                guard batches > 0 else { return }
                output.warn(
                    "[Sift] sending \(SiftNoticeText.batches(batches)) before exit (at most \(Int(budget.inSeconds.rounded(.up))) s; \(hint))"
                )
                output.flush()
            }
            if case .interrupted = await AsyncBridge.wait(budget: budget, slow: slow, { await client.waitUntilSettled(throughRetries: false) }) {
                patient = false
            }
        }
        if !client.closeIfIdle() { _ = await AsyncBridge.wait(budget: .seconds(5)) { await client.close() } }
        let left = client.uploaderStatus()
        if left.batches > 0 {
            output.warn("[Sift] \(SiftNoticeText.batches(left.batches)) (\(SiftNoticeText.events(left.events))) \(undeliveredFate)")
        }
        return patient
    }
}
