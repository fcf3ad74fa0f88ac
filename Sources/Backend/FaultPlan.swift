import Synchronization

/// Faults waiting to be applied, per service: the next N requests fail the given way.
final class FaultPlan: Sendable {
    private let pending = Mutex<[BackendService: (fault: Fault, remaining: Int)]>([:])

    func set(_ fault: Fault, times: Int, for service: BackendService) {
        pending.withLock { $0[service] = times > 0 ? (fault, times) : nil }
    }

    func clear(_ service: BackendService?) {
        pending.withLock { plan in
            if let service { plan[service] = nil } else { plan.removeAll() }
        }
    }

    /// The fault for the next request of `service`, counting it down.
    func take(for service: BackendService) -> Fault? {
        pending.withLock { plan in
            guard let entry = plan[service] else { return nil }
            plan[service] = entry.remaining > 1 ? (entry.fault, entry.remaining - 1) : nil
            return entry.fault
        }
    }

    /// The planned faults of `services`, in that order.
    func snapshot(of services: [BackendService]) -> [(service: BackendService, fault: Fault, remaining: Int)] {
        pending.withLock { plan in
            services.compactMap { service in plan[service].map { (service, $0.fault, $0.remaining) } }
        }
    }
}
