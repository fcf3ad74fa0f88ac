import Testing

import Backend
import SDKBenchTesting
import Script
@testable import Shell

@Suite(.timeLimit(.minutes(1)))
struct HTTPCommandTests {
    @Test func itemsBecomeHeadersQueryAndJSONFields() async throws {
        let items = try HTTPItems(
            words: [
                BoundValue(value: "Accept:application/json", range: .at(.init(line: 1, column: 1))),
                BoundValue(value: "page==2", range: .at(.init(line: 1, column: 1))),
                BoundValue(value: "X-Odd:a==b", range: .at(.init(line: 1, column: 1))),
                BoundValue(value: "-v", range: .at(.init(line: 1, column: 1))),
            ],
            parameters: [("name", BoundValue(value: "Ada", range: .at(.init(line: 1, column: 1)))), ("age", BoundValue(value: 36, range: .at(.init(line: 1, column: 1))))])
        #expect(items.headers.map { "\($0.0)=\($0.1)" } == ["Accept=application/json", "X-Odd=a==b"])
        #expect(items.query.map { "\($0.0)=\($0.1)" } == ["page=2"])
        #expect(items.fields.map(\.0) == ["name", "age"])
        #expect(items.verbose)
        #expect(throws: ShellError.self) {
            _ = try HTTPItems(words: [BoundValue(value: "nonsense", range: .at(.init(line: 1, column: 1)))], parameters: [])
        }
    }

    @Test func aRequestToTheBackendReturnsStatusHeadersAndJSON() async {
        let harness = ShellHarness()
        let run = await harness.execute("""
            http GET /_sdkbench/health page==2
            expect last.status == 200
            expect last.json.status == ok
            expect last.headers.content-type == application/json
            http POST /api/performance/batch entries:='[]' appVersion=1.0 timestamp=now
            expect last.status == 200
            expect last.json.received == 0
            http POST /api/performance/batch appVersion=1.0
            expect last.status == 422
            expect last.json.detail[0].loc[1] == entries
            """)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("HTTP/1.1 422 Unprocessable Entity"))
        await harness.close()
    }

    @Test func verboseShowsTheWholeExchangeWithSecretsMasked() async {
        let harness = ShellHarness()
        let run = await harness.execute("http POST /_sdkbench/health Authorization:'Bearer abc.def' X-Api-Key:k123 token==t456 -v\n")
        #expect(run.stdout.contains("POST /_sdkbench/health?token=*** HTTP/1.1"))
        #expect(run.stdout.contains("Authorization: Bearer ***"))
        #expect(run.stdout.contains("X-Api-Key: ***"))
        #expect(run.stdout.contains("x-requested-with: ping-sdk"))
        #expect(run.stdout.contains("x-requested-platform: linux"))
        for secret in ["abc.def", "k123", "t456"] { #expect(!run.stdout.contains(secret)) }
        await harness.close()
    }

    @Test func formFieldsAreEncodedAndNoAnswerIsARuntimeError() async {
        let harness = ShellHarness()
        let refused = await harness.execute("http GET http://127.0.0.1:1/\n")
        #expect(refused.status == .runtime)
        #expect(refused.stderr.contains("connection refused"))
        let form = await harness.execute("http POST /api/performance/batch --form a=1 b=2 a=3 -v\n")
        #expect(form.stdout.contains("Content-Type: application/x-www-form-urlencoded"))
        #expect(form.stdout.contains("\na=1&b=2&a=3\n"))
        await harness.close()
    }
}

@Suite(.timeLimit(.minutes(1)))
struct PerfAnalyticsTests {
    @Test func timingsArePostedInBatchesAndKeptWhenTheServerFails() async {
        let harness = ShellHarness()
        let run = await harness.execute("""
            backend fault perf 500
            perf destination add analytics /api/performance/batch --batch 2
            perf start deposit api
            perf end deposit api status=ok
            perf start login app
            perf end login app
            perf flush
            backend received perf
            expect last.count == 2
            expect last.batches == 1
            expect last.entries[0].feature == deposit
            expect last.entries[0].metadata.status == ok
            expect last.app_versions[0] == 0.1.0
            """)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr.contains("perf destination analytics: HTTP 500 Internal Server Error; 2 entries kept for the next flush"))
        await harness.close()
    }

    /// Timings an analytics endpoint refused are journaled: a failed `perf flush` fails, exit
    /// keeps them, and the next run restores and delivers them.
    @Test func unsentTimingsSurviveTheRunAndAreDeliveredByTheNext() async throws {
        let backend = try await LocalBackend.start()
        let first = ShellHarness()
        let failed = await first.execute("""
            configure host 127.0.0.1:\(backend.port)
            backend fault perf 500 --times 100
            perf destination add analytics /api/performance/batch --batch 1
            perf start deposit api
            perf end deposit api
            perf start login app
            perf end login app
            perf flush
            """)
        #expect(failed.status == .runtime)
        #expect(failed.stderr.contains("perf analytics: http://127.0.0.1:\(backend.port)/api/performance/batch: HTTP 500"), "\(failed.stderr)")
        await first.close()
        #expect(first.output.captured().stderr.contains("perf analytics: 2 timings not sent; kept in the journal for the next run"))

        let second = ShellHarness(sharingHomeOf: first)
        await OwnThread.run { second.session.restorePendingWork() }
        #expect(second.output.captured().stdout.contains("[perf] restored 2 timings for http://127.0.0.1:\(backend.port)/api/performance/batch"))
        let delivered = await second.execute("""
            configure host 127.0.0.1:\(backend.port)
            backend fault perf 500 --times 0
            perf flush
            backend received perf
            expect last.count == 2
            expect last.entries[0].feature == deposit
            expect last.entries[1].feature == login
            """)
        #expect(delivered.status == .success, "\(delivered.stderr)")
        await second.close()
        let third = ShellHarness(sharingHomeOf: first)
        await OwnThread.run { third.session.restorePendingWork() }
        #expect(!third.output.captured().stdout.contains("restored"))
        await third.close()
        await backend.stop()
    }
}
