@testable import Performance
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let testDevice = DeviceContext(
    deviceModel: "TestBox 1", iosVersion: "12", appVersion: "0.1.0", buildNumber: "7", networkType: "Ethernet",
    osName: "Debian GNU/Linux")

/// Collects what a tracker reports.
final class EventLog: Sendable {
    private let events = Mutex<[PerformanceEvent]>([])

    var all: [PerformanceEvent] { events.withLock { $0 } }

    var warnings: [String] {
        all.compactMap { if case .warning(let text) = $0 { text } else { nil } }
    }

    var failures: [String] {
        all.compactMap { if case .destinationFailed(_, let message) = $0 { message } else { nil } }
    }

    func record(_ event: PerformanceEvent) { events.withLock { $0.append(event) } }
}

func makeTracker(clock: ManualPerformanceClock, log: EventLog, capacity: Int = 1000) -> PerformanceTracker {
    PerformanceTracker(
        configuration: PerformanceConfiguration(cacheCapacity: capacity), clock: clock, deviceContext: testDevice,
        events: { log.record($0) })
}

/// A scratch directory under /tmp, removed by `remove()`.
struct Scratch {
    let path: String

    init() {
        var template = Array("/tmp/sdkbench-perf-XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func read(_ name: String) -> String? {
        guard let file = fopen(path + "/" + name, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func write(_ name: String, _ text: String) {
        let file = fopen(path + "/" + name, "w")!
        fputs(text, file)
        fclose(file)
    }

    func names() -> [String] { HostFiles.list(path).sorted() }

    func remove() { _ = system("rm -rf '\(path)'") }
}
