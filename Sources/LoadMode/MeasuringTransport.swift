import Synchronization
import Transport

/// A device's transport: every exchange goes through `inner` and is timed and counted under its
/// kind: the `http` command's line as written while one runs, else the SDK call the engines'
/// catalog names (`miataru.UpdateLocation`), else `METHOD /path`.
final class MeasuringTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let metrics: LoadMetrics
    private let label: RequestLabel
    private let classify: @Sendable (_ method: String, _ path: String) -> String?
    /// Exchanges not yet given to `metrics`: a batch at a time, of one second (`flush` gives the rest).
    private let pending = Mutex<[LoadMetrics.Exchange]>([])
    static let batchSize = 32

    init(
        inner: any HTTPTransport,
        metrics: LoadMetrics,
        label: RequestLabel,
        classify: @escaping @Sendable (_ method: String, _ path: String) -> String?
    ) {
        self.inner = inner
        self.metrics = metrics
        self.label = label
        self.classify = classify
    }

    var preferredExecutor: (any TaskExecutor)? { inner.preferredExecutor }

    func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        let kind = kind(of: request)
        let started = MonotonicNanoseconds.now()
        do {
            let response = try await inner.send(request, timeout: timeout)
            record(answer: response, to: request, kind: kind, started: started)
            return response
        } catch {
            record(error, for: request, kind: kind, started: started)
            throw error
        }
    }

    private func record(answer response: WireResponse, to request: WireRequest, kind: String, started: UInt64) {
        record(kind: kind, started: started, status: response.status.code, error: nil, request: request, received: response.body.count)
    }

    private func record(_ error: NetworkError, for request: WireRequest, kind: String, started: UInt64) {
        record(kind: kind, started: started, status: nil, error: Self.errorClass(error), request: request, received: 0)
    }

    /// An exchange of `request` that began at `started` (`MonotonicNanoseconds`) and ends now.
    private func record(kind: String, started: UInt64, status: Int?, error: String?, request: WireRequest, received: Int) {
        let ended = MonotonicNanoseconds.now()
        record(
            LoadMetrics.Exchange(
                kind: kind,
                second: metrics.second(at: ended),
                microseconds: MonotonicNanoseconds.microseconds(from: started, to: ended),
                status: status,
                error: error,
                sent: request.body?.count ?? 0,
                received: received
            )
        )
    }

    /// Keeps `exchange` for the next batch; gives `metrics` the batch when it is full or when
    /// `exchange` ended in a later second than the batch's.
    private func record(_ exchange: LoadMetrics.Exchange) {
        let batch = pending.withLock { pending -> [LoadMetrics.Exchange] in
            var batch: [LoadMetrics.Exchange] = []
            if let first = pending.first, first.second != exchange.second { swap(&batch, &pending) }
            pending.append(exchange)
            if pending.count >= Self.batchSize {
                batch += pending
                pending.removeAll(keepingCapacity: true)
            }
            return batch
        }
        if !batch.isEmpty { metrics.record(batch) }
    }

    /// Gives `metrics` the exchanges kept so far: at the end of each iteration and of the device.
    func flush() {
        // Taken whole, not copied out and emptied in place: that made a new buffer of the same
        // capacity, which every idle device then held.
        let batch = pending.withLock { pending in
            var batch: [LoadMetrics.Exchange] = []
            swap(&batch, &pending)
            return batch
        }
        if !batch.isEmpty { metrics.record(batch) }
    }

    private func kind(of request: WireRequest) -> String {
        if let label = label.value { return label }
        let path = Self.path(of: request.url)
        return classify(request.method.rawValue, path) ?? request.method.rawValue + " " + path
    }

    /// The path of an absolute URL, without its query.
    static func path(of url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let afterHost = url[scheme.upperBound...].drop { $0 != "/" }
        let path = afterHost.prefix { $0 != "?" && $0 != "#" }
        return path.isEmpty ? "/" : String(path)
    }

    /// The error's kind, without what varies (hosts, seconds): `timeout`, `network unavailable`.
    static func errorClass(_ error: NetworkError) -> String {
        switch error {
        case .timeout: return "timeout"
        case .cancelled: return "cancelled"
        case .cannotConnect: return "cannot connect"
        case .networkUnavailable: return "network unavailable"
        case .invalidRequest: return "invalid request"
        case .invalidResponse: return "invalid response"
        }
    }
}
