import DurableQueue
import FoundationEssentials
import JSON
import Ping
import Platform
import Synchronization
import Transport

/// The Sift iOS SDK's behaviour, without a phone: events and collector snapshots go into the
/// SDK's two queues, which hand ready batches to an uploader that sends them one at a time,
/// gzipped, with the SDK's reject and backoff rules.
///
/// Every accepted event is in its queue's journal before `append` returns; a batch leaves the
/// uploader's journal only when delivered or dropped by the rules, so a kill loses nothing the
/// rules did not drop (a batch cut by a kill may be sent again). The queue and uploader rules
/// are the pure `SiftQueueStateMachine` and `SiftUploaderStateMachine`; this class journals
/// their decisions and drives uploads on the injected clock. It never prints: calls return
/// values and background work reports `SiftNotice`s.
///
/// ```swift
/// let sift = try SiftClient(configuration: configuration, http: client, machine: .local, events: { print($0) })
/// sift.setAccount("acct"); sift.setBeaconKey("key")
/// _ = try sift.append(sift.makeEvent(type: "tap", path: "/home"))
/// let report = await sift.upload(force: true)
/// ```
package final class SiftClient: Sendable {
    /// The version this engine reports as `sdk_version`.
    package static let sdkVersion = "0.1.0"

    /// The beacon key as uploads carry it after `Authorization: Basic `: the base64 of the bare
    /// key's UTF-8, no `user:` part, as the SDK sends it. Whoever masks the key masks this form too.
    package static func encodedBeaconKey(_ key: String) -> String { Data(key.utf8).base64EncodedString() }

    package let configuration: SiftConfiguration
    package let install: SiftInstall
    let clock: any WallClock
    /// The phone the snapshots describe: the machine's facts and the profile set over them.
    let device: Mutex<(machine: MachineFacts, profile: DeviceProfile)>
    let sensors: SiftSensors
    let notify: @Sendable (SiftNotice) -> Void
    let queueJournals: [SiftQueueIdentifier: Journal]
    let uploaderJournal: Journal
    let http: Mutex<PingClient>
    let state: Mutex<State>

    struct State: Sendable {
        var account: String?
        var beaconKey: String?
        var userID: String?
        var urlFormat = SiftURLFormat.standard
        var locationAllowed = true
        var location: SiftLocation?
        var motionSensorsAllowed = false
        var motion = SiftMotionReadings()
        var paused = false
        var closed = false
        var queues: [SiftQueueIdentifier: SiftQueueStateMachine] = [:]
        /// Each queue's live state record, acknowledged when the next one is written.
        var stateRecords: [SiftQueueIdentifier: Journal.Record] = [:]
        var uploader: SiftUploaderStateMachine
        var limiter = CollectionRateLimiter()
        var driverRunning = false
        var driver: Task<Void, Never>?
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
        var deliveredEvents = 0
        var deliveredBatches = 0
        var dropped: [SiftDroppedBatch] = []
        var lastFailure: String?
        /// The URL and Authorization value last worked out, with what they came from.
        var destination: SiftUploadDestination?

        var missing: [String] {
            var missing: [String] = []
            if account?.isEmpty ?? true { missing.append("account") }
            if beaconKey?.isEmpty ?? true { missing.append("beacon key") }
            return missing
        }
    }

    struct Waiter: Sendable {
        var throughRetries: Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    /// Opens the archives (restoring what an earlier run left, with one `.restored` notice) and
    /// the install ids; uploads of restored batches start once account and beacon key are set.
    ///
    /// - Parameters:
    ///   - http: the client batches go through (its timeout and trace observer apply).
    ///   - machine: facts for device properties.
    ///   - profile: the facts set for the phone played (carrier, battery, proximity, app version...).
    ///   - sensors: battery and address readings for app state.
    ///   - events: notices, on whatever thread the engine is working on.
    /// - Throws: `SiftError.archive` when the directory cannot be used or another process holds a journal.
    package init(
        configuration: SiftConfiguration,
        http: PingClient,
        clock: any WallClock = SystemClock(),
        machine: MachineFacts,
        profile: DeviceProfile = DeviceProfile(),
        sensors: SiftSensors = .machine,
        events: @escaping @Sendable (SiftNotice) -> Void
    ) throws(SiftError) {
        self.configuration = configuration
        self.clock = clock
        device = Mutex((machine, profile))
        self.sensors = sensors
        self.notify = events
        self.http = Mutex(http)
        install = try SiftInstall.loadOrCreate(path: configuration.installPath, storage: configuration.storage)
        var initial = State(uploader: SiftUploaderStateMachine(policy: configuration.policy))
        var journals: [SiftQueueIdentifier: Journal] = [:]
        var restoredEvents = 0
        var unreadable = 0
        let wellFormed: ([UInt8]) -> Bool = { $0.first == UInt8(ascii: "{") && $0.last == UInt8(ascii: "}") }
        do throws(JournalError) {
            for identifier in SiftQueueIdentifier.allCases {
                let opened = try Journal.open(path: configuration.queueJournalPath(identifier), storage: configuration.storage, accepts: wellFormed)
                journals[identifier] = opened.journal
                let restored = SiftArchive.restoreQueue(opened.restored)
                var queue = SiftQueueStateMachine(identifier: identifier)
                queue.restore(entries: restored.entries, lastEvent: restored.lastEvent, lastUploadMillis: restored.lastUploadMillis)
                initial.queues[identifier] = queue
                initial.stateRecords[identifier] = restored.stateRecord
                restoredEvents += restored.entries.count
                unreadable += opened.skipped + restored.unreadable
            }
            let opened = try Journal.open(path: configuration.uploaderJournalPath, storage: configuration.storage, accepts: wellFormed)
            uploaderJournal = opened.journal
            let batches = opened.restored.compactMap(SiftArchive.batch)
            unreadable += opened.skipped + opened.restored.count - batches.count
            initial.uploader = SiftUploaderStateMachine(
                policy: configuration.policy,
                batches: batches,
                rejects: batches.isEmpty ? 0 : SiftArchive.readRejects(configuration.uploaderStatePath)
            )
        } catch {
            for journal in journals.values { journal.close(sync: false) }
            throw .archive(error.message)
        }
        queueJournals = journals
        state = Mutex(initial)
        let batches = initial.uploader.batches.count
        if restoredEvents > 0 || batches > 0 || unreadable > 0 {
            events(.restored(events: restoredEvents, batches: batches, rejects: initial.uploader.rejects, unreadable: unreadable))
        }
    }

    // MARK: Configuration

    /// Replaces the HTTP client later uploads use (a new timeout, TLS setting or trace observer).
    package func setHTTPClient(_ client: PingClient) { http.withLock { $0 = client } }

    /// Sets the account id; waiting batches go out if the beacon key is set too.
    package func setAccount(_ account: String) {
        state.withLock { $0.account = account }
        kick()
    }

    /// Sets the beacon key (sent as `Authorization: Basic base64(key)`); waiting batches go out
    /// if the account id is set too.
    package func setBeaconKey(_ key: String) {
        state.withLock { $0.beaconKey = key }
        kick()
    }

    /// Sets the user id events get when they carry none.
    package func setUser(_ id: String) { state.withLock { $0.userID = id } }

    /// Removes the user id: later events carry none.
    package func unsetUser() { state.withLock { $0.userID = nil } }

    /// Sets where batches go.
    package func setURLFormat(_ format: SiftURLFormat) {
        state.withLock { $0.urlFormat = format }
        kick()
    }

    /// Allows or disallows location in app-state snapshots (allowed by default, as the SDK).
    package func setLocationAllowed(_ allowed: Bool) { state.withLock { $0.locationAllowed = allowed } }

    /// Sets the location app-state snapshots report while collection is allowed.
    package func setLocation(_ location: SiftLocation) { state.withLock { $0.location = location } }

    /// The settings now (never the beacon key).
    package var settings: SiftSettings {
        state.withLock { state in
            SiftSettings(
                account: state.account,
                hasBeaconKey: !(state.beaconKey?.isEmpty ?? true),
                userID: state.userID,
                urlFormat: state.urlFormat,
                locationAllowed: state.locationAllowed,
                location: state.location,
                motionSensorsAllowed: state.motionSensorsAllowed,
                motionReadings: state.motion.count,
                paused: state.paused,
                installationID: install.installationID
            )
        }
    }

    /// Stops collecting and uploading; events appended meanwhile stay queued.
    package func pause() {
        state.withLock {
            $0.paused = true
            $0.uploader.pause()
        }
    }

    /// Collects and uploads again: what became ready meanwhile is transferred and sent.
    package func resume() {
        state.withLock {
            $0.paused = false
            $0.uploader.resume()
        }
        transfer(force: false)
        kick()
    }

    /// The injected clock's time, seconds since the Unix epoch: what readiness and retries count from.
    package var clockNow: Double { clock.now() }

    var nowMillis: Int64 { Int64((clock.now() * 1000).rounded(.down)) }
}
