import JSON
import Miataru
import Platform
import Script
import Shell
import Transport

/// Owns Miataru for the session: the server it talks to, the own device id (kept in state), the
/// key store, and the device ids seen (for TAB). Keys read from the store are registered with
/// the session's secrets before any call, so every way out masks them.
final class MiataruRuntime: EngineRuntime {
    static let name = "miataru"
    /// The `ValueRule.sessionNames` category of device ids.
    static let deviceNames = "miataru-device"

    private let server: ServiceHost
    private let trace: TraceSink
    let output: ShellEventRouter
    let clock: any WallClock
    let store: DeviceKeyStore
    /// Where the own device id is kept; `nil` when the session's state is in memory.
    private let deviceFile: String?
    /// `miataru server URL|local`; `nil` follows `configure host` (the embedded backend when none).
    private(set) var serverSetting: String?
    private(set) var deviceID: String
    private(set) var timeout = 30.0
    /// `miataru timestamps`: UpdateLocation's unit, milliseconds as the seed's SDK sends.
    private(set) var timestampUnit = MiataruTimestampUnit.milliseconds
    /// `miataru key use`: whether calls carry the stored key. Off keeps the key (seed 004 §6.1's
    /// "disable DeviceKey protection"); the server still holds it, as no call removes one.
    private(set) var keyInUse = true
    private var seenDevices: Set<String> = []
    /// The last URL parsed as an endpoint: every command asks for it twice (the store's name
    /// and the client), and parsing it was 2.2% of a load fleet's CPU (perf, 10,000 devices).
    private var lastEndpoint: (url: String, endpoint: MiataruEndpoint)?

    private func endpoint(_ url: String) -> MiataruEndpoint {
        if let lastEndpoint, lastEndpoint.url == url { return lastEndpoint.endpoint }
        let endpoint = MiataruEndpoint(url)
        lastEndpoint = (url, endpoint)
        return endpoint
    }

    static func directory(_ paths: StatePaths) -> String { paths.stateDirectory + "/miataru" }

    init(context: EngineContext) throws(ShellError) {
        server = context.server
        trace = context.trace
        output = context.events
        clock = context.environment.clock
        let directory = Self.directory(context.environment.paths)
        let storage = context.environment.stateStorage
        store = DeviceKeyStore(directory: directory + "/keys", storage: storage)
        let deviceFile = storage == .files ? directory + "/device-id" : nil
        self.deviceFile = deviceFile
        if let deviceFile, let kept = SystemFiles.firstLine(deviceFile), !kept.isEmpty {
            deviceID = kept
        } else {
            deviceID = UUIDv4.make()
            if let deviceFile { try Self.keep(deviceID, in: deviceFile) }
        }
    }

    /// Miataru has no time rules: a session that uses it alone starts no ticker (a load run's
    /// 100,000 devices would each have a timer firing every second).
    static let ticks = false

    var tick: @Sendable () -> Void { {} }

    static var idleStatus: EngineStatus {
        EngineStatus(
            line: "not started",
            fields: ["device": .null, "server": .null, "key": .bool(false), "keyInUse": .bool(true), "timestamps": .string("milliseconds")]
        )
    }

    func status() -> EngineStatus {
        let serverText = serverSetting ?? (server.configured == nil ? "local" : "the configured host")
        let hasKey = (try? store.key(server: storeName(), device: deviceID)) != nil
        let keyText = hasKey ? (keyInUse ? "key stored" : "key stored, not sent (key use off)") : (keyInUse ? "no key" : "no key, key use off")
        return EngineStatus(
            line: "device \(deviceID), server \(serverText), \(keyText), timestamps in \(timestampUnit.rawValue)",
            fields: [
                "device": .string(deviceID), "server": .string(serverText), "key": .bool(hasKey), "keyInUse": .bool(keyInUse),
                "timestamps": .string(timestampUnit.rawValue),
            ]
        )
    }

    func knownNames(_ category: String) -> [String] {
        guard category == Self.deviceNames else { return [] }
        return Array(seenDevices.union(store.devices(server: storeName())).union([deviceID])).sorted()
    }

    func shutdown(budget: Duration) async -> Bool { true }

    /// Sets the server (`local`, or a URL with http or https).
    func setServer(_ setting: String?) { serverSetting = setting }

    /// Sets the own device id and keeps it for later runs (in `.files` storage).
    func setDevice(_ id: String, at range: SourceRange?) throws(ShellError) {
        if let deviceFile { try Self.keep(id, in: deviceFile, at: range) }
        deviceID = id
        seenDevices.insert(id)
    }

    func setTimeout(_ seconds: Double) { timeout = seconds }

    func setTimestampUnit(_ unit: MiataruTimestampUnit) { timestampUnit = unit }

    func setKeyInUse(_ inUse: Bool) { keyInUse = inUse }

    /// Notes device ids the user named or the server returned, for TAB.
    func saw(_ devices: [String]) { seenDevices.formUnion(devices) }

    /// The store's name for the server in use: its base URL, or `local` for the embedded backend
    /// (whose port changes from run to run, and whose keys live only as long as it does).
    func storeName() -> String {
        switch serverSetting {
        case "local"?: return "local"
        case let url?: return endpoint(url).baseURL
        case nil:
            guard let configured = server.configured else { return "local" }
            return endpoint((configured.https ? "https://" : "http://") + configured.host).baseURL
        }
    }

    /// A client for the server in use (starting the embedded backend when that is it) and the
    /// key manager for its store.
    func connection(at range: SourceRange?) throws(ShellError) -> MiataruConnection {
        let url: String
        var insecure = false
        switch serverSetting {
        case let setting? where setting != "local": url = setting
        default:
            let host = try serverSetting == "local" ? server.embeddedHost(at: range) : server.effectiveHost(at: range)
            url = (host.https ? "https://" : "http://") + host.host
            insecure = host.insecure
        }
        let client = MiataruClient(
            http: trace.client(timeout: timeout, sdkHeadersAndCookies: false, insecure: insecure),
            server: endpoint(url)
        )
        return MiataruConnection(client: client, keys: DeviceKeyManager(store: store, serverName: storeName()), runtime: self)
    }

    private static func keep(_ id: String, in path: String, at range: SourceRange? = nil) throws(ShellError) {
        do {
            try AtomicFile.write(Array((id + "\n").utf8), to: path, mode: .ownerReadWrite, directoryMode: AtomicFile.secretDirectoryMode)
        } catch {
            throw .engine(error, action: "cannot keep the Miataru device id", at: range)
        }
    }
}
