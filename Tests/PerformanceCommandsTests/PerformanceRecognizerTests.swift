import JSON
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Testing
import Transport

@testable import PerformanceCommands
@testable import Shell

/// The performance recognizer on the batch the analytics destination itself posts.
@Suite(.timeLimit(.minutes(1)))
struct PerformanceRecognizerTests {
    @Test func aBatchIsNamedWithItsEntries() async throws {
        let transport = RecordingTransport()
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            perf destination add analytics http://127.0.0.1:9/api/performance/batch --batch 2
            perf start deposit api
            perf end deposit api status=ok
            perf start login app
            perf end login app
            perf flush

            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        await harness.close()
        let batch = RecordedExchange(try #require(transport.requests.first), response: nil)
        let call = try #require(ShellCatalog.standard.recognize(batch))
        #expect(call.kind == "perf.analytics")
        #expect(call.summary == "perf.analytics: 2 entries (deposit, login) from app 0.1.0")
        guard case .object(let view) = call.value, case .array(let entries)? = view["entries"] else {
            Issue.record("no entries: \(call.value)")
            return
        }
        #expect(entries.count == 2)
    }

    @Test func theKindComesFromMethodAndPathAlone() {
        #expect(PerformanceRecognition.kind(method: "POST", path: "/api/performance/batch") == "perf.analytics")
        #expect(PerformanceRecognition.kind(method: "GET", path: "/api/performance/batch") == nil)
    }
}
