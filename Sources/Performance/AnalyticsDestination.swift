import JSON
import Synchronization
import Transport

/// Sends entries to an analytics endpoint in batches, as the kit's AnalyticsDestination:
/// `POST URL` with `{"entries":[...],"appVersion":"1.5.0","timestamp":"2025-11-18T12:24:43.234Z"}`.
///
/// Sending happens in the background, one request at a time. A failed request (no answer, or a
/// status other than 2xx) puts its entries back in front of the buffer for the next flush.
public final class AnalyticsDestination: PerformanceDestination {
    public let endpoint: String
    public let batchSize: Int
    public let flushInterval: Double
    private let client: PingClient
    private let clock: any PerformanceClock
    private let appVersion: String
    private let events: @Sendable (PerformanceEvent) -> Void
    private let state: Mutex<State>

    private struct State {
        var buffer: [PerformanceEntry] = []
        var lastFlush: Double
        var sending: Task<Void, Never>?
        var sendAgain = false
    }

    /// - Parameters:
    ///   - endpoint: the full URL entries are POSTed to.
    ///   - events: receives `flushed` and `destinationFailed`, from a background task.
    /// - Throws: `NetworkError.invalidRequest` when `endpoint` is not an http(s) URL.
    public init(
        endpoint: String, batchSize: Int = 50, flushInterval: Double = 60, client: PingClient, clock: any PerformanceClock, appVersion: String,
        events: @escaping @Sendable (PerformanceEvent) -> Void
    ) throws(NetworkError) {
        _ = try ParsedURL(endpoint)
        self.endpoint = endpoint
        self.batchSize = max(1, batchSize)
        self.flushInterval = flushInterval
        self.client = client
        self.clock = clock
        self.appVersion = appVersion
        self.events = events
        state = Mutex(State(lastFlush: clock.now()))
    }

    public var description: String {
        "analytics \(endpoint) (batch \(batchSize), every \(ConsoleDestination.threeDecimals(flushInterval))s)"
    }

    /// Entries waiting to be sent (those of a request in flight included).
    public var bufferedCount: Int { state.withLock { $0.buffer.count } }

    public func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void) {
        let full = state.withLock { state in
            state.buffer.append(entry)
            return state.buffer.count >= batchSize
        }
        if full { startSending() }
    }

    public func tick(emit: (PerformanceEvent) -> Void) {
        let due = state.withLock { !$0.buffer.isEmpty && clock.now() - $0.lastFlush >= flushInterval }
        if due { startSending() }
    }

    public func flush(emit: (PerformanceEvent) -> Void) { startSending() }

    /// Waits for the request in flight and any send it queued behind it.
    public func waitUntilIdle() async {
        while let task = state.withLock({ $0.sending }) { await task.value }
    }

    private func startSending() {
        state.withLock { state in
            state.lastFlush = clock.now()
            guard !state.buffer.isEmpty else { return }
            guard state.sending == nil else {
                state.sendAgain = true
                return
            }
            state.sending = Task { await self.sendLoop() }
        }
    }

    private func sendLoop() async {
        while true {
            let batch = state.withLock { state -> [PerformanceEntry] in
                state.sendAgain = false
                return state.buffer
            }
            let failure = batch.isEmpty ? nil : await send(batch)
            let again = state.withLock { state -> Bool in
                if failure == nil {
                    state.buffer.removeFirst(min(batch.count, state.buffer.count))
                }
                guard failure == nil, state.sendAgain, !state.buffer.isEmpty else {
                    state.sending = nil
                    return false
                }
                return true
            }
            if let failure {
                events(.destinationFailed(destination: "analytics", message: "\(failure); \(bufferedCount) entries kept for the next flush"))
            } else if !batch.isEmpty {
                events(.flushed(destination: description, count: batch.count))
            }
            if !again { return }
        }
    }

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
                let reason = HTTPStatus.reason(response.status)
                return "HTTP \(response.status)\(reason.isEmpty ? "" : " " + reason)"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
