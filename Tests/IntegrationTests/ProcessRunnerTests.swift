import SDKBenchTesting
import Testing

/// The runner under every integration test: stdin, environment, and the deadline that turns a hang
/// into a failure.
@Suite(.timeLimit(.minutes(1)))
struct ProcessRunnerTests {
    @Test func stdinEnvironmentAndBothOutputsArePassedThrough() async {
        let result = await ProcessRunner.run(
            "/bin/sh",
            ["-c", "read line; echo \"$line $GREETING\"; echo oops >&2; exit 3"],
            environment: ["GREETING": "world"],
            stdin: "hello\n"
        )
        #expect(result.status == 3)
        #expect(result.stdout == "hello world\n")
        #expect(result.stderr == "oops\n")
        #expect(!result.timedOut)
    }

    /// A child that outlives the deadline is killed with everything it started: the background
    /// `sleep` holds stdout open, so killing the shell alone would still hang. The bound is loose:
    /// the kill is on time (a Dispatch timer), but this test's resumption waits for the cooperative
    /// pool, which other tests running beside it may hold.
    @Test func theDeadlineKillsTheWholeProcessGroup() async {
        let clock = ContinuousClock()
        let started = clock.now
        let result = await ProcessRunner.run("/bin/sh", ["-c", "sleep 60 & echo started; wait"], deadline: .seconds(1))
        #expect(result.timedOut)
        #expect(result.status == 128 + 9)
        #expect(result.stdout == "started\n")
        #expect(started.duration(to: clock.now) < .seconds(50))
    }

    @Test func aSignalIsReportedAsAShellWould() async {
        let result = await ProcessRunner.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(result.status == 128 + 15)
    }
}
