import Synchronization

/// Request counts by service, and each served service's own recorder: what the control routes and
/// `LocalBackend` read and clear.
final class BackendRecords: Sendable {
    /// The services served, in the order they were given.
    let services: [BackendService]
    private let recorders: [BackendService: any ServiceRecorder]
    private let counts = Mutex<[BackendService: Int]>([:])

    init(_ routes: [any BackendServiceRoutes]) {
        services = routes.map(\.service)
        recorders = Dictionary(routes.map { ($0.service, $0.recorder as any ServiceRecorder) }) { first, _ in first }
    }

    /// Counted by the service's fault middleware, before any fault applies.
    func countRequest(_ service: BackendService) { counts.withLock { $0[service, default: 0] += 1 } }

    func requests(_ service: BackendService) -> Int { counts.withLock { $0[service] ?? 0 } }

    /// Forgets what `service` (every service when `nil`) received, its request count included.
    func clear(_ service: BackendService?) {
        for (each, recorder) in recorders where service == nil || service == each { recorder.clear() }
        counts.withLock { counts in
            if let service { counts[service] = nil } else { counts.removeAll() }
        }
    }

    /// What a service received, as JSON text; a service that is not served only has its (zero) count.
    func receivedJSON(_ service: BackendService, limit: Int?) -> String {
        let requests = requests(service)
        guard let recorder = recorders[service] else { return "{\"requests\":\(requests),\"count\":0}" }
        return recorder.receivedJSON(requests: requests, limit: limit)
    }
}
