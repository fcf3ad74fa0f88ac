import JSON
import Miataru
import Ping
import Platform
import Transport

/// Issue 10 §5: devices that each set a DeviceKey, send 10 locations with it and read one peer,
/// through `MiataruClient` against `sdkbench serve`. scripts/bench/miataru_peer.py makes the same
/// calls with the same bodies; the names and values below are the rules both follow.
struct MiataruBench: Sendable {
    static let updatesPerDevice = 10
    /// setDeviceKey + the updates + one GetLocation.
    static let requestsPerDevice = updatesPerDevice + 2

    let client: MiataruClient
    /// Now, in seconds, as a device sends it; one value for the whole run (the peer does the same).
    let timestamp = Int(SystemClock().now())

    init(url: String) {
        var configuration = ClientConfiguration()
        // As the Miataru engine sends them: no Ping headers, no cookies (the Python peer sends neither).
        configuration.standardHeaders = [:]
        configuration.usesCookies = false
        client = MiataruClient(http: PingClient(configuration: configuration, transport: LiveTransport.shared), server: MiataruEndpoint(url))
    }

    /// Runs `devices` devices split into `workers` contiguous chunks at once (1: strictly one
    /// request at a time, the like-for-like comparison with the Python peer) and returns the JSON
    /// line scripts/bench/miataru_bench.py reads.
    static func measure(url: String, devices: Int, workers: Int) async throws(BenchFailure) -> String {
        let bench = MiataruBench(url: url)
        // Keys are made before the clock starts, as the Python peer makes its own.
        let keys = (0..<devices).map { _ in DeviceKeyGenerator.generate() }
        let chunks = (0..<max(1, workers)).map { worker in
            (devices * worker / max(1, workers))..<(devices * (worker + 1) / max(1, workers))
        }
        var latencies: [Double] = []
        let begin = monotonicSeconds()
        do {
            try await withThrowingTaskGroup(of: [Double].self) { group in
                for chunk in chunks where !chunk.isEmpty {
                    group.addTask { try await bench.run(chunk, keys: keys) }
                }
                for try await part in group { latencies += part }
            }
        } catch let error as BenchFailure {
            throw error
        } catch {
            throw BenchFailure("\(error)")
        }
        let seconds = monotonicSeconds() - begin
        guard !latencies.isEmpty else { throw BenchFailure("no devices") }
        latencies.sort()
        let p50 = Percentile.of(latencies, 0.5) * 1000
        let p99 = Percentile.of(latencies, 0.99) * 1000
        return #"{"requests":\#(latencies.count),"seconds":\#(seconds),"p50_ms":\#(p50),"p99_ms":\#(p99)}"#
    }

    static func device(_ index: Int) -> String { "bench-device-\(index)" }
    static func latitude(_ index: Int, _ update: Int) -> String { "\(index % 80).\(1000 + update)" }
    static func longitude(_ index: Int, _ update: Int) -> String { "\(index % 170).\(2000 + update)" }

    /// Runs the devices of `chunk` one after another, one request at a time, and returns each
    /// request's latency in seconds. Device `i` reads device `i - 1`, already done; the chunk's
    /// first device reads itself, so that every read has a location to check.
    ///
    /// - Throws: `BenchFailure` at the first answer that is not 200 with ACK or the expected location.
    func run(_ chunk: Range<Int>, keys: [String]) async throws(BenchFailure) -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(chunk.count * Self.requestsPerDevice)
        for index in chunk {
            let device = Self.device(index)
            let key = keys[index]
            var begin = monotonicSeconds()
            do {
                _ = try await client.setDeviceKey(device: device, current: nil, new: key)
                latencies.append(monotonicSeconds() - begin)
                for update in 0..<Self.updatesPerDevice {
                    let location = LocationUpdate(
                        device: device,
                        timestamp: timestamp,
                        latitude: Self.latitude(index, update),
                        longitude: Self.longitude(index, update),
                        accuracy: "25"
                    )
                    begin = monotonicSeconds()
                    try await client.updateLocation(location, deviceKey: key)
                    latencies.append(monotonicSeconds() - begin)
                }
                let peer = index == chunk.lowerBound ? index : index - 1
                begin = monotonicSeconds()
                let found = try await client.getLocation(of: [Self.device(peer)], as: MiataruRequester(deviceID: device, deviceKey: key))
                latencies.append(monotonicSeconds() - begin)
                try Self.check(found, peer: peer)
            } catch let error as BenchFailure {
                throw error
            } catch {
                throw BenchFailure("\(device): \(error)")
            }
        }
        return latencies
    }

    /// The read must give the peer's last location, exactly.
    private static func check(_ found: [MiataruLocation?], peer: Int) throws(BenchFailure) {
        let last = updatesPerDevice - 1
        guard found.count == 1, let location = found[0] else {
            throw BenchFailure("GetLocation of \(device(peer)) gave \(JSONWriter.compact(.array(found.map { $0?.value ?? .null })))")
        }
        guard location.device == device(peer), location.latitude == Double(latitude(peer, last)),
            location.longitude == Double(longitude(peer, last))
        else { throw BenchFailure("GetLocation of \(device(peer)) gave \(JSONWriter.compact(location.value))") }
    }
}
