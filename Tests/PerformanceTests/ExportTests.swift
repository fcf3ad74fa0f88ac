import Platform
import SDKBenchTesting
import Testing

@testable import Performance

struct ExportTests {
    static func entry(
        metadata: [String: String] = ["url": "/v1/pay", "status": "success"],
        device: String = "TestBox 1"
    )
        -> PerformanceEntry
    {
        var context = testDevice
        context.deviceModel = device
        return PerformanceEntry(
            id: "deposit_api_1731927483.234",
            feature: "deposit",
            layer: "api",
            startTime: 1_731_927_483.234,
            endTime: 1_731_927_484.468,
            duration: 1.234,
            metadata: metadata,
            context: context
        )
    }

    @Test func csvRowMatchesTheSeed() {
        #expect(
            PerformanceExporter.csvLine(for: Self.entry())
                == "deposit_api_1731927483.234,deposit,api,2024-11-18T10:58:03.234Z,2024-11-18T10:58:04.468Z,1.234,status=success|url=/v1/pay,TestBox 1,12"
        )
    }

    @Test func csvQuotesCommasQuotesAndNewlines() {
        let line = PerformanceExporter.csvLine(
            for: Self.entry(metadata: ["note": "a,b", "say": "he said \"hi\"", "multi": "x\ny"], device: "Box, \"Pro\"")
        )
        #expect(line.hasSuffix(",\"multi=x\ny|note=a,b|say=he said \"\"hi\"\"\",\"Box, \"\"Pro\"\"\",12"))
    }

    @Test(
        arguments: [
            (9.775161743164062e-06, "0.00001"), (1.234, "1.234"), (0.0, "0.0"), (2.0, "2.0"), (0.0000004, "0.0"), (123.4567891, "123.456789"),
            (0.0000006, "0.000001"), (-1.5, "-1.5"), (86400.000001, "86400.000001"), (1e13, "0"), (-0.0000004, "0.0"), (10.05, "10.05"),
        ] as [(Double, String)]
    )
    func durationsArePlainDecimalsToTheMicrosecond(_ seconds: Double, _ text: String) {
        #expect(EntryEncoding.durationText(seconds) == text)
    }

    @Test func isoTimestampsHaveMillisecondsInUTC() {
        #expect(PerformanceExporter.isoTimestamp(0) == "1970-01-01T00:00:00.000Z")
        #expect(PerformanceExporter.isoTimestamp(1_731_927_483.2345) == "2024-11-18T10:58:03.235Z")
        #expect(PerformanceExporter.isoTimestamp(951_782_400) == "2000-02-29T00:00:00.000Z")
        #expect(PerformanceExporter.isoTimestamp(1_735_689_599.9996) == "2025-01-01T00:00:00.000Z")
    }

    @Test func jsonObjectHasTheSeedsKeysInOrder() {
        let json = PerformanceExporter.jsonObject(for: Self.entry(metadata: ["q": "a\"b\\c\n"]))
        #expect(
            json
                == #"{"id":"deposit_api_1731927483.234","feature":"deposit","layer":"api","startTime":"2024-11-18T10:58:03.234Z","endTime":"2024-11-18T10:58:04.468Z","duration":1.234,"metadata":{"q":"a\"b\\c\n"},"context":{"deviceModel":"TestBox 1","iosVersion":"12","appVersion":"0.1.0","buildNumber":"7","networkType":"Ethernet"}}"#
        )
    }

    @Test func exportsStreamToFilesAndReadBack() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let entries = (0..<5).map { index -> PerformanceEntry in
            var entry = Self.entry(metadata: ["i": String(index), "odd": "a,\"b\"\n"])
            entry.startTime += Double(index)
            entry.endTime += Double(index)
            entry.id = PerformanceEntry.makeID(feature: "deposit", layer: "api", startTime: entry.startTime)
            return entry
        }
        let csvCount = try PerformanceExporter.writeCSV(entries, to: scratch.path + "/out.csv")
        #expect(csvCount == 5)
        let csv = try #require(scratch.read("out.csv"))
        #expect(csv.hasPrefix("id,feature,layer,startTime,endTime,duration,metadata,deviceModel,iosVersion\r\n"))
        let jsonCount = try PerformanceExporter.writeJSON(entries, to: scratch.path + "/performance_2024-11-18.json")
        #expect(jsonCount == 5)
        let back = Array(PerformanceStorage(directory: scratch.path).allEntries())
        // The files hold the seed's five context fields; the OS name is not among them.
        #expect(
            back
                == entries.map { entry in
                    var stored = entry
                    stored.context.osName = ""
                    return stored
                }
        )
        #expect(scratch.names() == ["out.csv", "performance_2024-11-18.json"])  // no temporary left behind
    }

    @Test func unwritablePathThrowsNamingIt() {
        #expect(throws: FileError.self) {
            try PerformanceExporter.writeCSV([Self.entry()], to: "/nonexistent-dir/out.csv")
        }
        do {
            try PerformanceExporter.writeCSV([Self.entry()], to: "/nonexistent-dir/out.csv")
        } catch {
            #expect(error.description == "cannot create /nonexistent-dir/out.csv: No such file or directory")
        }
    }
}
