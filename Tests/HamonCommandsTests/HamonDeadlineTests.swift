import SDKBenchShellTesting
import Testing

@testable import Shell

/// Seed 000 §2 (HamonNetworkService, Configuration): URLSession's two deadlines, 30 s for the
/// answer to begin (`timeoutIntervalForRequest`) and 60 s for the whole exchange
/// (`timeoutIntervalForResource`), kept apart; and the workbench's one deviation from the
/// `isInitialized` gate, said once.
@Suite(.timeLimit(.minutes(1)))
struct HamonDeadlineTests {
    @Test func theDefaultsAreTheSeeds() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            "status\nexpect last.hamon.user == null\nhamon timeout 30s\nexpect last.request == 30\nexpect last.resource == 60\nstatus\n"
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("timeouts 30 s request, 60 s resource"), "\(run.stdout)")
        await harness.close()
    }

    /// An answer that has not begun within the request timeout fails at the request timeout,
    /// though the resource timeout is longer.
    @Test func theRequestTimeoutBoundsTheWaitForTheAnswer() async {
        let harness = ShellHarness()
        let run = await harness.execute("hamon timeout 200ms --resource 20s\nbackend fault hamon delay:5s\nuser u1\n")
        #expect(run.status == .runtime, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("timed out after 0.2 s"), "\(run.stderr)")
        await harness.close()
    }

    /// The resource timeout bounds the whole exchange, though the request timeout is longer.
    @Test func theResourceTimeoutBoundsTheWholeExchange() async {
        let harness = ShellHarness()
        let run = await harness.execute("hamon timeout 20s --resource 300ms\nbackend fault hamon delay:5s\nuser u1\n")
        #expect(run.status == .runtime, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("timed out after 0.3 s"), "\(run.stderr)")
        await harness.close()
    }

    /// Seed 000 "Check isInitialized": the SDK holds events until it is configured; the workbench
    /// sends them to the embedded backend instead and says so, once per session.
    @Test func loggingBeforeConfigureSaysWhereEventsGoOnce() async {
        let harness = ShellHarness()
        let run = await harness.execute("log a\nlog b\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(
            run.stderr.ranges(of: "no 'configure host' yet, so events go to the embedded backend at http://127.0.0.1:").count == 1,
            "said exactly once: \(run.stderr)"
        )
        #expect(run.stderr.contains("the SDK would hold them until configured"))
        await harness.close()
    }
}
