import Performance
import Platform
import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct FileDestinationTests {
    @Test func batchesIntoADailyFileInTheSeedsFormat() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let clock = ManualClock(1_731_927_483.234)  // 2024-11-18
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        let destination = FileDestination(directory: scratch.path + "/perf", batchSize: 2, flushInterval: 30, clock: clock)
        tracker.addDestination(destination)
        tracker.start(feature: "deposit", layer: "api")
        clock.advance(by: .seconds(1))
        tracker.end(feature: "deposit", layer: "api")
        #expect(scratch.read("perf/performance_2024-11-18.json") == nil)  // below the batch size
        tracker.start(feature: "login", layer: "web")
        tracker.end(feature: "login", layer: "web")
        let text = try #require(scratch.read("perf/performance_2024-11-18.json"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        #expect(lines[0] == "{\"entries\":[")
        #expect(lines[1].hasPrefix("{\"id\":\"deposit_api_1731927483.234\"") && lines[1].hasSuffix("},"))
        #expect(lines[2].hasPrefix("{\"id\":\"login_web_"))
        #expect(lines[3] == "]}" && lines[4] == "")

        // A later batch appends inside the same document.
        tracker.start(feature: "cms", layer: "app")
        tracker.end(feature: "cms", layer: "app")
        tracker.flush()
        let entries = Array(PerformanceStorage(directory: scratch.path + "/perf").allEntries())
        #expect(entries.map(\.feature) == ["deposit", "login", "cms"])
        #expect(log.failures.isEmpty)
    }

    @Test func intervalFlushesOnTick() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let clock = ManualClock(1_731_927_483)
        let tracker = makeTracker(clock: clock, log: EventLog<PerformanceEvent>())
        tracker.addDestination(FileDestination(directory: scratch.path, batchSize: 10, flushInterval: 30, clock: clock))
        tracker.start(feature: "a", layer: "b")
        tracker.end(feature: "a", layer: "b")
        clock.advance(by: .seconds(29))
        tracker.tick()
        #expect(scratch.names().isEmpty)
        clock.advance(by: .seconds(1))
        tracker.tick()
        #expect(scratch.names() == ["performance_2024-11-18.json"])
    }

    @Test func filesOlderThanSevenDaysAreRemoved() {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        for day in ["2024-11-10", "2024-11-11", "2024-11-17"] {
            scratch.write("performance_\(day).json", "{\"entries\":[\n]}\n")
        }
        scratch.write("notes.txt", "kept")
        let clock = ManualClock(1_731_927_483)  // 2024-11-18
        let tracker = makeTracker(clock: clock, log: EventLog<PerformanceEvent>())
        tracker.addDestination(FileDestination(directory: scratch.path, batchSize: 1, clock: clock))
        tracker.start(feature: "a", layer: "b")
        tracker.end(feature: "a", layer: "b")
        #expect(scratch.names() == ["notes.txt", "performance_2024-11-11.json", "performance_2024-11-17.json", "performance_2024-11-18.json"])
    }

    @Test func writeFailuresAreReportedAndTheBatchKept() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let blocked = scratch.path + "/blocked"
        scratch.write("blocked", "a file where the directory should be")
        let clock = ManualClock(1_731_927_483)
        let log = EventLog<PerformanceEvent>()
        let tracker = makeTracker(clock: clock, log: log)
        let destination = FileDestination(directory: blocked, batchSize: 1, clock: clock)
        tracker.addDestination(destination)
        tracker.start(feature: "a", layer: "b")
        tracker.end(feature: "a", layer: "b")
        #expect(log.failures.count == 1)
        #expect(log.failures.first?.contains("1 entry kept") == true)
        #expect(destination.bufferedCount == 1)

        // Once the path is usable, the next flush delivers what was kept.
        unlink(blocked)
        tracker.start(feature: "c", layer: "d")
        tracker.end(feature: "c", layer: "d")
        #expect(destination.bufferedCount == 0)
        #expect(Array(PerformanceStorage(directory: blocked).allEntries()).map(\.feature) == ["a", "c"])
    }

    @Test func malformedLinesAreReportedWithTheirLocation() {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let good = PerformanceExporter.jsonObject(for: ExportTests.entry())
        scratch.write("performance_2024-11-18.json", "{\"entries\":[\n\(good),\n{\"id\": broken,\n\(good)\n]}\n")
        let seen = EventLog<PerformanceEvent>()
        let entries = Array(
            PerformanceStorage(directory: scratch.path).allEntries { file, line in seen.record(.warning("\(file):\(line)")) }
        )
        #expect(entries.count == 2)
        #expect(seen.warnings == [scratch.path + "/performance_2024-11-18.json:3"])
    }
}

struct DeviceContextTests {
    @Test func takesTheMachinesFactsInTheKitsWords() {
        let machine = MachineFacts(
            osName: "Debian GNU/Linux",
            osVersion: "12",
            machine: "x86_64",
            model: "LENOVO ThinkPad X1",
            networkInterfaces: [
                NetworkInterface(name: "lo", isUp: true, kind: .loopback), NetworkInterface(name: "wlan0", isUp: true, kind: .wifi),
            ]
        )
        #expect(
            DeviceContext(machine: machine, appVersion: "0.1.0", buildNumber: "3")
                == DeviceContext(
                    deviceModel: "LENOVO ThinkPad X1",
                    iosVersion: "12",
                    appVersion: "0.1.0",
                    buildNumber: "3",
                    networkType: "WiFi",
                    osName: "Debian GNU/Linux"
                )
        )
        // Nothing known: the machine name stands in for the model, and no link is "none".
        let bare = DeviceContext(machine: MachineFacts(machine: "aarch64"), appVersion: "1", buildNumber: "1")
        #expect(bare.deviceModel == "aarch64")
        #expect(bare.iosVersion == "unknown")
        #expect(bare.networkType == "none")
        #expect(bare.osName == "Linux")
    }

    @Test func namesAreIdentifierLike() {
        #expect(PerformanceNames.isValidName("sportsData"))
        #expect(PerformanceNames.isValidName("my_feature-2"))
        #expect(!PerformanceNames.isValidName("2fast"))
        #expect(!PerformanceNames.isValidName("has space"))
        #expect(!PerformanceNames.isValidName(""))
        #expect(PerformanceNames.knownFeatures.contains("externalDependencies"))
    }
}
