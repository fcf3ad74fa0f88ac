import SDKBenchShellTesting
import SDKBenchTesting
import Testing

/// `backend` commands against a separate backend: another session's embedded one stands in for
/// an `sdkbench serve`, reached only through its `/_sdkbench` routes.
@Suite(.timeLimit(.minutes(1)))
struct BackendCommandTests {
    /// Starts the embedded backend of `server` and returns its `127.0.0.1:PORT`.
    private func startSeparate(_ server: ShellHarness) async throws -> String {
        let started = await server.execute("backend start\n")
        #expect(started.status == .success, "\(started.stderr)")
        let url = try #require(started.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).last { $0.hasPrefix("http://") })
        return String(url.dropFirst("http://".count))
    }

    @Test func clearCancelsTheFaultsPlannedOnASeparateServe() async throws {
        let server = ShellHarness()
        let client = ShellHarness()
        let host = try await startSeparate(server)
        let run = await client.execute(
            """
            configure host \(host)
            backend fault hamon 500 --times 3
            backend fault perf timeout
            backend clear hamon
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let afterOne = await server.execute("backend status\n")
        #expect(!afterOne.stdout.contains("fault     hamon"), "\(afterOne.stdout)")
        #expect(afterOne.stdout.contains("fault     perf: timeout for the next 1 request"), "\(afterOne.stdout)")

        _ = await client.execute("backend clear\n")
        let afterAll = await server.execute("backend status\n")
        #expect(!afterAll.stdout.contains("fault "), "\(afterAll.stdout)")
        await client.close()
        await server.close()
    }

    @Test func statusReportsTheConfiguredServeAndWhatItReceived() async throws {
        let server = ShellHarness()
        let client = ShellHarness()
        let host = try await startSeparate(server)
        let run = await client.execute(
            """
            configure host \(host)
            backend fault hamon 503
            http PATCH /v1/users/status-test
            backend fault perf 500 --times 2
            backend status
            expect last.running == true
            expect last.separate == true
            expect last.requests.hamon == 1
            expect last.requests.perf == 0
            expect last.faults[0].service == perf
            expect last.faults[0].remaining == 2
            expect last.held == 0
            """
        )
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("url       http://\(host) (configured host: a separate 'sdkbench serve')"), "\(run.stdout)")
        #expect(run.stdout.contains("hamon    1 requests"), "\(run.stdout)")
        #expect(run.stdout.contains("fault     perf: 500 for the next 2 requests"), "\(run.stdout)")
        await client.close()
        await server.close()
    }

    @Test func statusSaysWhenTheConfiguredServeCannotBeReached() async {
        let client = ShellHarness()
        // Port 1 (tcpmux) has no listener on a test machine: the connection is refused at once.
        let run = await client.execute(
            """
            configure host 127.0.0.1:1
            backend status
            expect last.running == false
            expect last.separate == true
            """
        )
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("url       http://127.0.0.1:1 (configured host, not reachable)"), "\(run.stdout)")
        #expect(run.stdout.contains("error     cannot reach the backend at 127.0.0.1:1"), "\(run.stdout)")
        await client.close()
    }
}
