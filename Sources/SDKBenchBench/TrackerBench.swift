import Performance
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Monotonic seconds, for measuring.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// start/end pairs per second with `pending` sessions of the same feature and layer waiting.
func trackerPairsPerSecond(pending: Int, pairs: Int) -> Double {
    let tracker = PerformanceTracker(
        configuration: PerformanceConfiguration(),
        clock: SystemClock(),
        deviceContext: DeviceContext(machine: .local, appVersion: "bench", buildNumber: "1"),
        events: { _ in }
    )
    for _ in 0..<pending { _ = tracker.start(feature: "deposit", layer: "api") }
    let begin = monotonicSeconds()
    for _ in 0..<pairs {
        _ = tracker.start(feature: "deposit", layer: "api")
        _ = tracker.end(feature: "deposit", layer: "api")
    }
    return Double(pairs) / (monotonicSeconds() - begin)
}

/// The seed's matching (GomaPerformanceKit): keys with a timestamp suffix, and at each end a
/// filter + sort over every pending key. The baseline the tracker is compared with.
final class SeedMatchingBaseline {
    private var pending: [String: Double] = [:]
    private var counter = 0

    func start(feature: String, layer: String) {
        counter += 1
        // The seed's key is feature_layer_<timeIntervalSince1970>; a counter keeps keys distinct and ordered.
        let stamp = String(1_700_000_000 + counter)
        pending["\(feature)_\(layer)_\(stamp)"] = monotonicSeconds()
    }

    func end(feature: String, layer: String) -> Double? {
        let prefix = "\(feature)_\(layer)_"
        guard let key = pending.keys.filter({ $0.hasPrefix(prefix) }).sorted().first else { return nil }
        return pending.removeValue(forKey: key)
    }
}

func baselinePairsPerSecond(pending: Int, pairs: Int) -> Double {
    let baseline = SeedMatchingBaseline()
    for _ in 0..<pending { baseline.start(feature: "deposit", layer: "api") }
    let begin = monotonicSeconds()
    for _ in 0..<pairs {
        baseline.start(feature: "deposit", layer: "api")
        _ = baseline.end(feature: "deposit", layer: "api")
    }
    return Double(pairs) / (monotonicSeconds() - begin)
}
