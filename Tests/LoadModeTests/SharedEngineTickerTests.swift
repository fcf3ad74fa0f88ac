import SDKBenchCatalog
import SDKBenchTesting
import Script
import Shell
import Testing
import Transport

@testable import LoadMode

/// A load run's devices tick their engines from one ticker, not a timer each: a device is in it
/// while it has an engine with time rules, and out of it once shut down.
@Suite(.timeLimit(.minutes(1)))
struct SharedEngineTickerTests {
    @Test func theDevicesEnginesTickFromTheRunsOneTicker() async throws {
        let work = TemporaryDirectory()
        defer { work.remove() }
        let sessions = LoadDeviceSessions(catalog: .standard, stateStorage: .memory, backend: nil)
        let transport = KeepAliveTransport()
        let devices = (0..<3).map { sessions.make(home: work.path + "/device-\($0)", transport: transport, insecure: transport) }
        let source = SourceFile(name: "flow.sdk", text: "perf start checkout api\n")
        let statements = try Parser.parse(source.text)
        #expect(sessions.ticker.sessions == 0)
        for device in devices { #expect(await device.runBlock(statements, in: source) == .success) }
        #expect(sessions.ticker.sessions == 3)
        await devices[0].shutdown()
        #expect(sessions.ticker.sessions == 2)
        for device in devices.dropFirst() { await device.shutdown() }
        #expect(sessions.ticker.sessions == 0)
    }
}
