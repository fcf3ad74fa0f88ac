import SDKBenchTesting
import Testing

/// The runner under every integration test: stdin, environment, and the deadline that turns a hang
/// into a failure.
@Suite(.timeLimit(.minutes(1)))
struct ProcessRunnerTests {
    /// swift-subprocess 1.0.2 trapped ("FileDescriptor N was not closed", its issue 367) when a
    /// child ended before taking all of a string input: the whole test process crashed.
    @Test func aChildThatLeavesItsInputUnreadEndsWell() async {
        let input = String(repeating: "line of input\n", count: 600_000)
        let result = await ProcessRunner.run("/bin/sh", ["-c", "head -c 5"], stdin: input, deadline: .seconds(60))
        #expect(result.status == 0 && result.stdout == "line ", "\(result)")
        let empty = await ProcessRunner.run("/bin/sh", ["-c", "cat; echo end"], deadline: .seconds(60))
        #expect(empty.stdout == "end\n", "no input reads as an empty file")
    }

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
