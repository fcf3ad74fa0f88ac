import SDKBenchShellTesting
import Testing

@testable import Shell

/// `repeat COUNT` … `end`: nested blocks, `{{i}}` the innermost iteration, errors that say which
/// iteration, and blocks matched by the check pass before anything runs.
struct RepeatBlockTests {
    @Test func blocksNestAndIIsTheInnermostIteration() {
        let harness = ShellHarness()
        let run = harness.run(
            "set i outer\nrepeat 2\n  repeat 2\n    echo {{i}}\n  end\n  echo after {{i}}\nend\nrepeat 0\n  echo never\nend\necho {{i}}\n"
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == "1\n2\nafter 1\n1\n2\nafter 2\nouter\n")
    }

    @Test func theCountMayComeFromAVariable() {
        let harness = ShellHarness()
        let run = harness.run("set n 3\nrepeat {{n}}\n  perf start login api\n  perf end login api\nend\nperf summary\nexpect last[0].count == 3\n")
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
    }

    @Test func anErrorInsideSaysWhichIteration() {
        let harness = ShellHarness()
        let run = harness.run("repeat 4\n  expect {{i}} < 3\nend\necho not reached\n", name: "loop.sdk")
        #expect(run.status == .expectation)
        #expect(run.stderr.hasPrefix("loop.sdk:2:3: error: expect failed: 3 < 3"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("   = in iteration 3 of 4 of the repeat at loop.sdk:1\n"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "error:").count == 2, "rendered once: \(run.stderr)")
        #expect(!run.stdout.contains("not reached"))
    }

    /// Where failed expects do not stop the run (`sdkbench test`, load mode), every iteration
    /// runs and has its expects checked; the run still ends as an expectation failure.
    @Test func aFailedExpectInsideEndsNoIterationWhereExpectsGoOn() {
        let harness = ShellHarness()
        let run = harness.run(
            "repeat 4\n  expect {{i}} != 2\n  echo ran {{i}}\nend\necho after\n",
            name: "loop.sdk",
            options: RunOptions(continuesPastFailedExpects: true)
        )
        #expect(run.status == .expectation)
        #expect(run.stdout == "ran 1\nran 2\nran 3\nran 4\nafter\n", "\(run.stdout)")
        #expect(run.stderr.contains("loop.sdk:2:3: error: expect failed: 2 != 2"), "\(run.stderr)")
    }

    @Test func unmatchedBlocksAreCheckErrorsBeforeAnythingRuns() {
        let harness = ShellHarness()
        let run = harness.run("echo first\nend\nrepeat 2\n  echo x\n", name: "bad.sdk")
        #expect(run.status == .parse)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("bad.sdk:2:1: error: 'end' without a 'repeat' or 'http on-response' before it"), "\(run.stderr)")
        #expect(run.stderr.contains("bad.sdk:3:1: error: 'repeat' without its 'end'"), "\(run.stderr)")
    }
}
