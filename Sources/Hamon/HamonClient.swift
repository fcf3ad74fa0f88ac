import DequeModule
import DurableQueue
import JSON
import Ping
import Platform
import Synchronization
import Transport

/// The Hamon analytics SDK's behaviour, without a phone: configure a server, set a user,
/// log events into a durable queue, and flush them encrypted.
///
/// Every logged event is in the journal before `log` returns and leaves it only after the
/// server answered 200, so delivery is at least once; the event's uuid lets the server drop
/// duplicates. Flushes run one at a time; automatic ones (10 events, 10 seconds) run in the
/// background while logging goes on. The engine never prints: it returns reports and sends
/// `HamonNotice`s to its owner (the shell).
///
/// ```swift
/// let hamon = try HamonClient(configuration: configuration, client: client, device: facts, events: { print($0) })
/// hamon.configure(server: HamonEndpoint(host: "10.0.0.5:8000"))
/// _ = await hamon.setUser("app-instance-1")
/// try hamon.log("purchase", parameters: ["price": 9.99])
/// let report = await hamon.flush()
/// ```
package final class HamonClient: Sendable {
    /// The SDK version this engine follows.
    package static let sdkVersion = "1.0.0"

    package let configuration: HamonConfiguration
    /// Events restored from an earlier run's journal when the engine started.
    package let restoredCount: Int
    private let journal: Journal
    private let network: Mutex<HamonNetworkService>
    private let clock: any WallClock
    private let install: InstallRecord
    private let events: @Sendable (HamonNotice) -> Void
    private let state: Mutex<State>
    /// One generator for every client of the process: its 4 KiB buffer per client was most of
    /// what a load device's Hamon held (heaptrack, 2,000 devices).
    private static let randomness = Mutex(RandomBytes())

    /// A queued event is its journal number and its wire JSON, nothing more: a backlog of a
    /// hundred thousand events must stay small. `queuedEvents` reads the rest back from the JSON.
    struct QueuedEvent: Sendable {
        var seq: Int
        var json: [UInt8]

        var record: Journal.Record { Journal.Record(seq: seq, bytes: json) }
    }

    private struct State: Sendable {
        var server: HamonEndpoint?
        var userID: String?
        var fcmToken: String?
        var app: AppIdentity
        var device: DeviceFacts
        var queue = Deque<QueuedEvent>()
        var inFlight: [QueuedEvent] = []
        var schedule = FlushSchedule()
        var autoFlushScheduled = false
        var flushChain: Task<FlushReport, Never>?
        /// Which flush `flushChain` is: the last one lets go of it as it ends, since a finished
        /// task kept holds its frames (16 KB a load device, heaptrack of 2,000 devices).
        var flushNumber = 0
        var noticedWaiting = false
    }

    /// Opens the journal (restoring what an earlier run left) and the install record.
    ///
    /// - Parameters:
    ///   - client: the HTTP client requests go through (its timeout and trace observer apply).
    ///   - device: facts about this machine for the user data.
    ///   - events: notices, on whatever thread the engine is working on.
    /// - Throws: `HamonError.journal` when the state directory cannot be used or another process holds the queue.
    package init(
        configuration: HamonConfiguration,
        client: PingClient,
        clock: any WallClock = SystemClock(),
        device: DeviceFacts,
        events: @escaping @Sendable (HamonNotice) -> Void
    ) throws(HamonError) {
        self.configuration = configuration
        self.clock = clock
        self.events = events
        network = Mutex(HamonNetworkService(client: client, clock: clock, notify: events))
        let opened: (journal: Journal, restored: [Journal.Record], skipped: Int)
        do {
            // Events are JSON objects; a line that is not one was torn or edited by hand.
            opened = try Journal.open(path: configuration.journalPath, storage: configuration.storage) {
                $0.first == UInt8(ascii: "{") && $0.last == UInt8(ascii: "}")
            }
        } catch {
            throw .journal(error.message)
        }
        journal = opened.journal
        install = try InstallRecord.loadOrCreate(
            path: configuration.installPath,
            storage: configuration.storage,
            nowMillis: Int64(clock.now() * 1000),
            appVersion: configuration.app.version
        )
        var initial = State(app: configuration.app, device: device)
        initial.schedule = FlushSchedule(threshold: configuration.flushThreshold, interval: configuration.flushInterval)
        for record in opened.restored {
            guard let event = Self.summary(of: record) else { continue }
            initial.queue.append(event)
        }
        if !initial.queue.isEmpty { _ = initial.schedule.eventAdded(count: initial.queue.count, hasUser: false, now: clock.now()) }
        restoredCount = initial.queue.count
        state = Mutex(initial)
        if restoredCount > 0 || opened.skipped > 0 { events(.restored(count: restoredCount, unreadable: opened.skipped)) }
    }

    // MARK: Configuration

    /// Replaces the HTTP client later requests use (a new timeout, TLS setting or trace observer).
    package func setHTTPClient(_ client: PingClient) {
        network.withLock { $0 = HamonNetworkService(client: client, clock: clock, notify: events) }
    }

    /// Sets the server every later request goes to.
    package func configure(server: HamonEndpoint) { state.withLock { $0.server = server } }

    package var server: HamonEndpoint? { state.withLock { $0.server } }
    package var userID: String? { state.withLock { $0.userID } }
    package var fcmToken: String? { state.withLock { $0.fcmToken } }

    package var app: AppIdentity { state.withLock { $0.app } }

    /// Changes the app identity sent with user data.
    package func setApp(_ app: AppIdentity) { state.withLock { $0.app = app } }

    /// The device facts user data reports.
    package var device: DeviceFacts { state.withLock { $0.device } }

    /// Changes the device facts the next user data reports (another phone: `device set`).
    package func setDevice(_ device: DeviceFacts) { state.withLock { $0.device = device } }

    /// Sets the user id and sends the user data at once (`PATCH /v1/users/{id}`). Waiting events
    /// may then flush.
    package func setUser(_ id: String) async -> UserUpdateReport {
        let decision = state.withLock { state in
            state.userID = id
            state.noticedWaiting = false
            return state.schedule.userSet(count: state.queue.count, now: clock.now())
        }
        let report = await sendUserData()
        act(on: decision)
        return report
    }

    /// Sets the FCM token and sends the user data again; `nil` when no user id is set yet (the
    /// token then goes out with `setUser`).
    package func setFCM(_ token: String) async -> UserUpdateReport? {
        let hasUser = state.withLock { state in
            state.fcmToken = token
            return state.userID != nil
        }
        return hasUser ? await sendUserData() : nil
    }

    /// The user-data object as it would be sent now.
    package var userData: Value {
        let (app, token, device) = state.withLock { ($0.app, $0.fcmToken, $0.device) }
        return UserData.build(device: device, app: app, install: install, fcmToken: token)
    }

    private func sendUserData() async -> UserUpdateReport {
        let (server, user) = state.withLock { ($0.server, $0.userID) }
        // Only called once a user id is set; `setFCM` checks before calling.
        guard let user else { return UserUpdateReport(userID: "", failure: nil) }
        guard let server else { return UserUpdateReport(userID: user, failure: .network(.invalidRequest(HamonError.noServer.description))) }
        let failure = await network.withLock { $0 }.sendUser(userData, userID: user, server: server)
        return UserUpdateReport(userID: user, failure: failure)
    }

    // MARK: Events

    /// Queues an event; it is in the journal when this returns.
    ///
    /// - Throws: `HamonError.invalidEventName` for an empty name, `HamonError.journal` when the
    ///   journal cannot be written (the event is then not queued).
    @discardableResult
    package func log(_ name: String, parameters: JSONObject = JSONObject()) throws(HamonError) -> AnalyticsEvent {
        guard !name.isEmpty else { throw .invalidEventName("an event needs a name") }
        let now = clock.now()
        let uuid = Self.randomness.withLock { $0.uuid() }
        let event = AnalyticsEvent(uuid: uuid, timestamp: Int64((now * 1000).rounded(.down)), name: name, parameters: parameters)
        let json = event.encoded
        // The journal writes under its own lock; the state lock is taken only to queue the
        // event, so `status` and the flush task never wait on the disk.
        let (decision, waiting): (FlushSchedule.Decision, Int?)
        do throws(JournalError) {
            (decision, waiting) = try journal.append(json) { seq in
                state.withLock { state in
                    state.queue.append(QueuedEvent(seq: seq, json: json))
                    let decision = state.schedule.eventAdded(count: state.queue.count, hasUser: state.userID != nil, now: now)
                    var waiting: Int?
                    if decision == .waitForUser, !state.noticedWaiting {
                        state.noticedWaiting = true
                        waiting = state.queue.count
                    }
                    return (decision, waiting)
                }
            }
        } catch {
            throw .journal(error.message)
        }
        if let waiting { events(.waitingForUser(queued: waiting)) }
        act(on: decision)
        return event
    }

    /// Sends everything queued now, in batches of at most `maxBatch` events, after any flush
    /// already running. A failed batch goes back to the front of the queue, in order.
    package func flush() async -> FlushReport { await flush(trigger: .manual) }

    /// Forgets every queued event without sending it. Returns how many were dropped.
    @discardableResult
    package func clearQueue() throws(HamonError) -> Int {
        var count = 0
        do throws(JournalError) {
            try journal.rewrite {
                state.withLock { state in
                    count = state.queue.count
                    state.queue.removeAll()
                    state.schedule.reset()
                    // Events being sent stay in the journal until their answer comes.
                    return state.inFlight.map(\.record)
                }
            }
        } catch {
            throw .journal(error.message)
        }
        return count
    }

    /// Events waiting to be sent (in-flight ones not included), oldest first.
    package func queuedEvents(limit: Int = .max) -> [AnalyticsEventSummary] {
        state.withLock { state in
            state.queue.prefix(limit).map { AnalyticsEventSummary(json: $0.json) }
        }
    }

    /// Events queued plus those being sent right now.
    package var queueDepth: Int { state.withLock { $0.queue.count + $0.inFlight.count } }

    /// Applies the 10-second rule; the shell calls it about once a second.
    package func tick() {
        let decision = state.withLock { state in
            state.schedule.tick(count: state.queue.count, hasUser: state.userID != nil, now: clock.now())
        }
        act(on: decision)
    }

    /// Flushes what is queued (giving up after `budget`: the journal keeps the rest for the next
    /// run), then syncs and closes the journal. The engine is unusable afterwards.
    package func shutdown(budget: Duration) async -> FlushReport {
        let flushing = Task { await flush(trigger: .shutdown) }
        // Out of time, the flush is cancelled and still says what it sent and put back.
        if await withDeadline(budget, on: clock, { await flushing.value }) == nil { flushing.cancel() }
        let report = await flushing.value
        journal.close()
        return report
    }

    /// Closes the journal at once when nothing waits to be sent and no flush runs (a load device
    /// that flushed); `false`, doing nothing, otherwise. `shutdown(budget:)` makes a flush task
    /// and a deadline even for an empty queue, and 100,000 devices' of them made the end of a
    /// fleet's run seconds long.
    package func closeIfIdle() -> Bool {
        let idle = state.withLock { $0.queue.isEmpty && $0.inFlight.isEmpty && $0.flushChain == nil }
        if idle { journal.close() }
        return idle
    }

    /// Lets go of the journal without syncing or flushing, as a killed process would: tests
    /// restart an engine on the same files within one process.
    func abandonLikeAKilledProcess() { journal.close(sync: false) }

    // MARK: Flushing

    private func act(on decision: FlushSchedule.Decision) {
        guard case .flush(let trigger) = decision else { return }
        let start = state.withLock { state -> Bool in
            guard !state.autoFlushScheduled else { return false }
            state.autoFlushScheduled = true
            return true
        }
        if start { Task(executorPreference: preferredExecutor) { [self] in _ = await flush(trigger: trigger) } }
    }

    /// Where the client's requests go out (a load device's event loop): flushes run there, as
    /// Sift's uploads do, not on the shared pool with a hop to the loop and back per request.
    private var preferredExecutor: (any TaskExecutor)? { network.withLock { $0 }.client.preferredExecutor }

    func flush(trigger: FlushTrigger) async -> FlushReport {
        let executor = preferredExecutor
        let task = state.withLock { state -> Task<FlushReport, Never> in
            let previous = state.flushChain
            state.flushNumber += 1
            let number = state.flushNumber
            let task = Task(executorPreference: executor) { [self] in
                // Cancelling this flush (a shutdown out of budget) cancels the one it waits for,
                // which may be an automatic flush stuck in a request.
                _ = await withTaskCancellationHandler {
                    await previous?.value
                } onCancel: {
                    previous?.cancel()
                }
                let report = await performFlush(trigger: trigger)
                self.state.withLock { state in
                    if state.flushNumber == number { state.flushChain = nil }
                }
                return report
            }
            state.flushChain = task
            return task
        }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func performFlush(trigger: FlushTrigger) async -> FlushReport {
        var report = FlushReport(trigger: trigger)
        let automatic = trigger == .count || trigger == .timer
        if automatic { state.withLock { $0.autoFlushScheduled = false } }
        while true {
            let taken = state.withLock { state -> (batch: [QueuedEvent], server: HamonEndpoint, user: String)? in
                guard !state.queue.isEmpty else { return nil }
                guard let user = state.userID else {
                    report.waitingForUser = true
                    return nil
                }
                guard let server = state.server else { return nil }
                if automatic, report.batches > 0, state.queue.count < state.schedule.threshold { return nil }
                let count = min(configuration.maxBatch, state.queue.count)
                let batch = Array(state.queue.prefix(count))
                state.queue.removeFirst(count)
                state.inFlight = batch
                state.schedule.drained(remaining: state.queue.count, now: clock.now())
                return (batch, server, user)
            }
            guard let (batch, server, user) = taken else { break }
            do throws(JournalError) { try journal.sync() } catch { events(.journalProblem(error.message)) }
            let failure = await network.withLock { $0 }.sendEvents(batch.map(\.json), userID: user, server: server)
            report.batches += 1
            let live = state.withLock { state -> Int in
                state.inFlight = []
                if let failure {
                    state.queue.prepend(contentsOf: batch)
                    state.schedule.failed(now: clock.now(), automatic: automatic)
                    report.failure = failure
                } else {
                    state.schedule.succeeded()
                    report.delivered += batch.count
                }
                return state.queue.count
            }
            if failure == nil {
                do throws(JournalError) {
                    try journal.acknowledge(batch.first!.seq, batch.last!.seq, count: batch.count)
                    if live == 0 || journal.wantsCompaction(live: live) {
                        // The copy is taken under the journal's lock: an event logged meanwhile is kept.
                        try journal.rewrite { state.withLock { $0.queue.map(\.record) } }
                    }
                } catch {
                    events(.journalProblem(error.message))
                }
            }
            if failure != nil || Task.isCancelled { break }
        }
        report.remaining = state.withLock { $0.queue.count + $0.inFlight.count }
        if report.batches > 0 || report.waitingForUser { events(.flushed(report)) }
        return report
    }

    private static func summary(of record: Journal.Record) -> QueuedEvent? {
        guard case .object? = try? JSONParser.parse(String(decoding: record.bytes, as: UTF8.self)) else { return nil }
        return QueuedEvent(seq: record.seq, json: record.bytes)
    }
}
