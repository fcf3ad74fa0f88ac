import DurableQueue
import JSON
import Ping
import Platform
import Synchronization
import Transport

/// Sends entries to an analytics endpoint in batches, as the kit's AnalyticsDestination:
/// `POST URL` with `{"entries":[...],"appVersion":"1.5.0","timestamp":"2025-11-18T12:24:43.234Z"}`.
///
/// Sending happens in the background, one request of at most `batchSize` entries at a time: a
/// flush of a buffer holding more sends several requests. A failed request (no answer, or a
/// status other than 2xx) stops the flush and keeps its entries in front of the buffer for the next.
/// With a journal, every entry is on disk before `log` returns and leaves it only once the
/// endpoint answered 2xx: what exit or a kill leaves unsent, the next run restores.
package final class AnalyticsDestination: PerformanceDestination {
    package let endpoint: String
    package let batchSize: Int
    package let flushInterval: Double
    private let client: PingClient
    private let clock: any WallClock
    private let appVersion: String
    private let events: @Sendable (PerformanceEvent) -> Void
    private let state: Mutex<State>
    private let journal: AnalyticsJournal?
    /// Entries restored from an earlier run's journal.
    package let restoredCount: Int

    /// An entry waiting to be sent, with its journal number (`nil` without a journal, or when
    /// the journal could not take it).
    struct Pending: Sendable {
        var seq: Int?
        var entry: PerformanceEntry
    }

    private struct State {
        var buffer: [Pending] = []
        var lastFlush: Double
        var sending: Task<Void, Never>?
        /// Set by a flush or the interval: send everything, the last batch partial; otherwise
        /// only whole batches go.
        var drain = false
        /// Why the last request failed; cleared by a delivery.
        var lastFailure: String?
    }

    /// - Parameters:
    ///   - endpoint: the full URL entries are POSTed to.
    ///   - events: receives `flushed` and `destinationFailed`, from a background task.
    ///   - journal: where unsent entries are kept across runs (its endpoint must be `endpoint`);
    ///     what it restored is sent first.
    /// - Throws: `NetworkError.invalidRequest` when `endpoint` is not an http(s) URL.
    package init(
        endpoint: String,
        batchSize: Int = 50,
        flushInterval: Double = 60,
        client: PingClient,
        clock: any WallClock,
        appVersion: String,
        journal: AnalyticsJournal? = nil,
        events: @escaping @Sendable (PerformanceEvent) -> Void
    ) throws(NetworkError) {
        _ = try ParsedURL(endpoint)
        self.journal = journal
        restoredCount = journal?.restored.count ?? 0
        self.endpoint = endpoint
        self.batchSize = max(1, batchSize)
        self.flushInterval = flushInterval
        self.client = client
        self.clock = clock
        self.appVersion = appVersion
        self.events = events
        var initial = State(lastFlush: clock.now())
        initial.buffer = journal?.restored.map { Pending(seq: $0.seq, entry: $0.entry) } ?? []
        state = Mutex(initial)
    }

    package var description: String {
        "analytics \(endpoint) (batch \(batchSize), every \(ConsoleDestination.threeDecimals(flushInterval))s)"
    }

    /// Entries waiting to be sent (those of a request in flight included).
    package var bufferedCount: Int { state.withLock { $0.buffer.count } }

    /// Why the last request failed, while entries wait because of it.
    package var lastFailure: String? { state.withLock { $0.buffer.isEmpty ? nil : $0.lastFailure } }

    package func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void) {
        let full: Bool
        if let journal {
            do throws(JournalError) {
                full = try journal.append(entry) { seq in queue(Pending(seq: seq, entry: entry)) }
            } catch {
                emit(.destinationFailed(destination: "analytics", message: "\(error.message); the timing is kept in memory only"))
                full = queue(Pending(seq: nil, entry: entry))
            }
        } else {
            full = queue(Pending(seq: nil, entry: entry))
        }
        if full { startSending(drain: false) }
    }

    /// Buffers an entry; whether the batch is full.
    private func queue(_ pending: Pending) -> Bool {
        state.withLock { state in
            state.buffer.append(pending)
            return state.buffer.count >= batchSize
        }
    }

    package func tick(emit: (PerformanceEvent) -> Void) {
        let due = state.withLock { !$0.buffer.isEmpty && clock.now() - $0.lastFlush >= flushInterval }
        if due { startSending(drain: true) }
    }

    package func flush(emit: (PerformanceEvent) -> Void) { startSending(drain: true) }

    /// Nothing buffered and no request in flight.
    package var isDrained: Bool { state.withLock { $0.buffer.isEmpty && $0.sending == nil } }

    /// Waits for the request in flight and any send it queued behind it.
    package func waitUntilIdle() async {
        while let task = state.withLock({ $0.sending }) { await task.value }
    }

    private func startSending(drain: Bool) {
        state.withLock { state in
            state.lastFlush = clock.now()
            if drain { state.drain = true }
            guard !state.buffer.isEmpty, state.sending == nil else { return }
            // On the client's loop (a load device's), as Sift's uploads: no hop per request.
            state.sending = Task(executorPreference: client.preferredExecutor) { await self.sendLoop() }
        }
    }

    /// Sends batches from the front of the buffer until only a partial batch is left (or none,
    /// when draining) or a request fails.
    private func sendLoop() async {
        while true {
            let next = state.withLock { state -> [Pending]? in
                guard !state.buffer.isEmpty, state.drain || state.buffer.count >= batchSize else {
                    state.sending = nil
                    state.drain = false
                    return nil
                }
                return Array(state.buffer.prefix(batchSize))
            }
            guard let batch = next else { return }
            if let journal {
                do throws(JournalError) { try journal.sync() } catch { events(.destinationFailed(destination: "analytics", message: error.message)) }
            }
            let failure = await send(batch.map(\.entry))
            let live = state.withLock { state -> Int in
                state.lastFailure = failure
                if failure == nil {
                    // Only appends happened meanwhile: the batch is still the front of the buffer.
                    state.buffer.removeFirst(min(batch.count, state.buffer.count))
                } else {
                    state.sending = nil
                    state.drain = false
                }
                return state.buffer.count
            }
            if let failure {
                events(
                    .destinationFailed(
                        destination: "analytics",
                        message: "\(failure); \(live) \(live == 1 ? "entry" : "entries") kept for the next flush"
                    )
                )
                return
            }
            acknowledge(batch, live: live)
            events(.flushed(destination: description, count: batch.count))
        }
    }

    /// Takes delivered entries out of the journal.
    private func acknowledge(_ batch: [Pending], live: Int) {
        let numbers = batch.compactMap(\.seq)
        guard let journal, let first = numbers.first, let last = numbers.last else { return }
        do throws(JournalError) {
            try journal.delivered(first, last, count: numbers.count, liveCount: live) {
                state.withLock { $0.buffer.compactMap { pending in pending.seq.map { ($0, pending.entry) } } }
            }
        } catch {
            events(.destinationFailed(destination: "analytics", message: error.message))
        }
    }

    /// Lets go of the journal (what it holds waits for the next run).
    package func close() { journal?.close() }

    /// The request body: entries as the file destination writes them, the app version and the time.
    func body(_ entries: [PerformanceEntry]) -> [UInt8] {
        var bytes = Array(#"{"entries":["#.utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            EntryEncoding.appendJSON(entry, to: &bytes)
        }
        bytes.append(contentsOf: #"],"appVersion":"#.utf8)
        JSONWriter.appendString(appVersion, to: &bytes)
        bytes.append(contentsOf: #","timestamp":""#.utf8)
        Timestamps.appendISO(clock.now(), to: &bytes)
        bytes.append(contentsOf: #""}"#.utf8)
        return bytes
    }

    private func send(_ entries: [PerformanceEntry]) async -> String? {
        var request = HTTPRequest(url: endpoint)
        request.setRawBody(body(entries), contentType: "application/json", method: .post)
        do {
            let response = try await client.send(request)
            guard response.isSuccess else {
                return "HTTP \(response.status.codeAndReason)"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
