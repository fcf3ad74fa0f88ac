import Performance
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Measurements for scripts/bench.sh that need to run inside the process.
//   SDKBenchBench tracker PENDING PAIRS      -> pairs/s of the tracker
//   SDKBenchBench baseline PENDING PAIRS     -> pairs/s of the seed's matching
//   SDKBenchBench daily-file DIR COUNT       -> writes COUNT entries as one daily file, via FileDestination
//   SDKBenchBench miataru URL DEVICES [WORKERS] -> {"requests","seconds","p50_ms","p99_ms"} of the Miataru
//                                               key / 10 updates / read sequence per device (MiataruBench)
let arguments = CommandLine.arguments
func argument(_ index: Int) -> Int { index < arguments.count ? Int(arguments[index]) ?? 0 : 0 }

switch arguments.count > 1 ? arguments[1] : "" {
case "tracker":
    print(Int(trackerPairsPerSecond(pending: argument(2), pairs: argument(3))))
case "baseline":
    print(Int(baselinePairsPerSecond(pending: argument(2), pairs: argument(3))))
case "daily-file":
    let directory = arguments[2]
    let count = argument(3)
    // Each reading moves the clock half a millisecond on: the same times on every run.
    let clock = SteppingClock(start: 1_763_500_000, step: 0.000_5)
    let context = DeviceContext(
        deviceModel: "Bench, Model \"X\"",
        iosVersion: "12",
        appVersion: "0.1.0",
        buildNumber: "1",
        networkType: "Ethernet",
        osName: "Debian GNU/Linux"
    )
    let tracker = PerformanceTracker(configuration: PerformanceConfiguration(), clock: clock, deviceContext: context, events: { _ in })
    _ = tracker.addDestination(FileDestination(directory: directory, batchSize: 10_000, flushInterval: 1e9, clock: clock))
    let features = PerformanceNames.knownFeatures
    for index in 0..<count {
        let feature = features[index % features.count]
        _ = tracker.start(
            feature: feature,
            layer: "api",
            metadata: ["url": "/v1/items/\(index)", "status": index % 7 == 0 ? "fail, retry" : "success"]
        )
        _ = tracker.end(feature: feature, layer: "api")
    }
    tracker.shutdown()
case "miataru" where arguments.count > 3:
    do {
        print(try await MiataruBench.measure(url: arguments[2], devices: argument(3), workers: max(1, argument(4))))
    } catch {
        fputs("SDKBenchBench miataru: \(error)\n", stderr)
        exit(1)
    }
default:
    fputs("usage: SDKBenchBench tracker|baseline PENDING PAIRS | daily-file DIR COUNT | miataru URL DEVICES [WORKERS]\n", stderr)
    exit(1)
}
