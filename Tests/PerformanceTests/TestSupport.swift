import SDKBenchTesting

@testable import Performance

let testDevice = DeviceContext(
    deviceModel: "TestBox 1",
    iosVersion: "12",
    appVersion: "0.1.0",
    buildNumber: "7",
    networkType: "Ethernet",
    osName: "Debian GNU/Linux"
)

/// What a tracker reported, sorted for the assertions.
extension EventLog<PerformanceEvent> {
    var warnings: [String] {
        all.compactMap { if case .warning(let text) = $0 { text } else { nil } }
    }

    var failures: [String] {
        all.compactMap { if case .destinationFailed(_, let message) = $0 { message } else { nil } }
    }
}

func makeTracker(clock: ManualClock, log: EventLog<PerformanceEvent>, capacity: Int = 1000) -> PerformanceTracker {
    PerformanceTracker(
        configuration: PerformanceConfiguration(cacheCapacity: capacity),
        clock: clock,
        deviceContext: testDevice,
        events: { log.record($0) }
    )
}
