import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// `expect … matches` searches under a step budget: a pattern that backtracks exponentially ends
/// the command with a located error instead of running for minutes.
@Suite(.timeLimit(.minutes(1)))
struct PatternTests {
    @Test func anExponentialPatternGivesUpWithALocatedError() {
        let harness = ShellHarness()
        let run = harness.run("expect aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! matches '^(a+)+$'\n")
        #expect(run.status == .runtime, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("test.sdk:1:48: error: the pattern gave up after 10000000 backtracking steps"), "\(run.stderr)")
    }

    @Test func aHostileBodyReachesTheBudgetToo() {
        let body = String(repeating: "a", count: 5000) + "!"
        #expect(Pattern.stepLimit > 0)
        let pattern = try? Pattern("^(a|aa)+$")
        #expect(pattern?.search(in: body) == .gaveUp || pattern?.search(in: body) == .notFound)
    }

    @Test func ordinaryPatternsSearchAsBefore() {
        let harness = ShellHarness()
        let run = harness.run(
            """
            expect abc123 matches '[0-9]+'
            expect "ключ-7" matches '^\\w+-\\d$'
            expect 'a.b' matches '^a\\.b$'
            expect abc matches '^B'
            """
        )
        #expect(run.status == .expectation, "\(run.stderr)")
        #expect(run.stderr.contains("test.sdk:4:"), "\(run.stderr)")
    }

    @Test func anInvalidPatternIsRefusedByTheCheckAtItsPosition() {
        let harness = ShellHarness()
        let run = harness.run("echo never\nexpect abc matches 'a(b'\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains("test.sdk:2:20: error: invalid RHS 'a(b': expected a regular expression (missing closing parenthesis at offset 3)"),
            "\(run.stderr)"
        )
    }
}
