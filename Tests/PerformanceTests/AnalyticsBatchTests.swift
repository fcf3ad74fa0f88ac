import Ping
import SDKBenchTesting
import Testing
import Transport

@testable import Performance

/// The analytics destination's batches and the settings its journal keeps.
@Suite(.timeLimit(.minutes(1)))
struct AnalyticsBatchTests {
    private static let endpoint = "http://perf.test/api/performance/batch"

    private func entry(_ index: Int) -> PerformanceEntry {
        PerformanceEntry(
            id: "deposit_api_\(index)",
            feature: "deposit",
            layer: "api",
            startTime: Double(index),
            endTime: Double(index) + 1,
            duration: 1,
            metadata: [:],
            context: testDevice,
            userIDHash: nil
        )
    }

    private func destination(
        _ settings: AnalyticsSettings,
        _ directory: TemporaryDirectory,
        _ transport: RecordingTransport
    ) throws -> AnalyticsDestination {
        try AnalyticsDestination(
            endpoint: settings.endpoint,
            batchSize: settings.batchSize,
            flushInterval: settings.flushInterval,
            client: PingClient(transport: transport),
            clock: ManualClock(100),
            appVersion: "1.5.0",
            journal: try AnalyticsJournal(directory: directory.path, settings: settings),
            events: { _ in }
        )
    }

    /// How many entries each request carried.
    private func batchSizes(_ transport: RecordingTransport) -> [Int] {
        transport.requests.map { request in
            String(decoding: request.body ?? [], as: UTF8.self).split(separator: "\"id\":", omittingEmptySubsequences: false).count - 1
        }
    }

    // seed 002 §3 (AnalyticsDestination: batchSize 50, "POST JSON" per batch; Network Usage: "Batched: ~5 KB per request")
    @Test func aFlushSendsTheBufferInRequestsOfTheBatchSize() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let idle = RecordingTransport()
        // Five timings kept by a destination that never sent them (its batch is larger).
        let keeping = try destination(AnalyticsSettings(endpoint: Self.endpoint, batchSize: 100), directory, idle)
        for index in 1...5 { keeping.log(entry(index), emit: { _ in }) }
        keeping.close()
        #expect(idle.requests.isEmpty)

        let transport = RecordingTransport()
        let sending = try destination(AnalyticsSettings(endpoint: Self.endpoint, batchSize: 2), directory, transport)
        #expect(sending.restoredCount == 5)
        sending.flush(emit: { _ in })
        await sending.waitUntilIdle()
        #expect(batchSizes(transport) == [2, 2, 1])
        #expect(sending.bufferedCount == 0 && sending.isDrained)
        sending.close()
    }

    // seed 002 §3 (AnalyticsDestination: "Add to buffer, send if needed"; "Buffer entries, retry on next flush")
    @Test func loggingSendsWholeBatchesAndAFailedOneIsKeptInFront() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let transport = RecordingTransport(statuses: [200, 500])
        let sending = try destination(AnalyticsSettings(endpoint: Self.endpoint, batchSize: 2, flushInterval: 3600), directory, transport)
        for index in 1...3 { sending.log(entry(index), emit: { _ in }) }
        await sending.waitUntilIdle()
        #expect(batchSizes(transport) == [2])
        #expect(sending.bufferedCount == 1)
        sending.log(entry(4), emit: { _ in })
        await sending.waitUntilIdle()
        #expect(sending.bufferedCount == 2)
        #expect(sending.lastFailure?.hasPrefix("HTTP 500") == true)
        sending.log(entry(5), emit: { _ in })
        await sending.waitUntilIdle()
        #expect(batchSizes(transport) == [2, 2, 2])
        #expect(String(decoding: transport.requests[2].body ?? [], as: UTF8.self).contains("deposit_api_3"))
        #expect(sending.bufferedCount == 1)
        sending.flush(emit: { _ in })
        await sending.waitUntilIdle()
        #expect(batchSizes(transport) == [2, 2, 2, 1])
        sending.close()
    }

    // seed 002 §3 (AnalyticsDestination batchSize, flushInterval; PerformanceDestination filter)
    @Test func theJournalKeepsTheSettingsItWasOpenedWith() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let settings = AnalyticsSettings(
            endpoint: Self.endpoint,
            batchSize: 7,
            flushInterval: 12.5,
            filter: DestinationFilter(feature: "login", layer: "api")
        )
        let sending = try destination(settings, directory, RecordingTransport())
        sending.log(entry(1), emit: { _ in })
        sending.close()
        #expect(AnalyticsJournal.pending(in: directory.path) == [settings])
        #expect(settings.summary == "batch 7, every 12.500s, feature login, layer api")
        // What earlier versions wrote beside the journal: the endpoint alone, read with the kit's defaults.
        #expect(AnalyticsSettings(fileText: Self.endpoint + "\n") == AnalyticsSettings(endpoint: Self.endpoint, batchSize: 50, flushInterval: 60))
    }
}
