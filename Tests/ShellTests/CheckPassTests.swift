import Foundation
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Whatever can be checked without running is checked before the first line runs: exit 2,
/// nothing printed by earlier lines, nothing queued.
struct CheckPassTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var column: Int
        var message: String
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "perf start 9bad app", column: 12, message: "invalid FEATURE '9bad'"),
        Case(line: "perf logs --feature 'a b'", column: 21, message: "invalid --feature 'a b'"),
        Case(line: "configure host 'bad host'", column: 16, message: "invalid HOST 'bad host'"),
        Case(line: "expect 1 matches '['", column: 18, message: "invalid RHS '['"),
        Case(line: "hamon timeout 0s", column: 15, message: "invalid DURATION '0s'"),
        Case(line: "hamon timeout 99999999999999999999m", column: 15, message: "expected a duration from 1ms to 24h"),
        Case(line: "http GET :1/x --timeout 10000000000s", column: 25, message: "invalid --timeout '10000000000s'"),
        Case(line: "http GET :1/x --timeout 0s", column: 25, message: "invalid --timeout '0s'"),
        Case(line: "perf destination add file --interval 99999999999999999999", column: 38, message: "invalid --interval"),
        Case(line: "perf logs --limit -1", column: 19, message: "expected a whole number from 0 to 1000000"),
        Case(line: "sleep 1e300", column: 7, message: "invalid DURATION '1e300'"),
        Case(line: "backend start --port 70000", column: 22, message: "expected a whole number from 0 to 65535"),
        // Words that exclude each other: the line ran only when its turn came, after line 1 had.
        Case(line: "set s --secret S3kr1tXXXX extra", column: 27, message: "give VALUE, --secret or --uuid, not more than one"),
        Case(line: "set s", column: 1, message: "set needs VALUE, --secret or --uuid"),
        Case(line: "set s --uuid --json", column: 14, message: "give --json or --uuid, not more than one"),
        Case(line: "device unset --all model", column: 20, message: "give FACT or --all, not more than one"),
        Case(line: "device unset", column: 1, message: "device unset needs FACT or --all"),
        Case(line: "miataru key set K3yK3yK3y --generate", column: 27, message: "give KEY or --generate, not more than one"),
        Case(line: "perf destination remove 1 --all", column: 27, message: "give ID or --all, not more than one"),
        Case(line: "backend sift-key", column: 1, message: "backend sift-key needs KEY or --clear"),
        Case(line: "perf user alice --clear", column: 17, message: "give ID or --clear, not more than one"),
        Case(line: "perf summary deposit", column: 14, message: "give both FEATURE and LAYER for a histogram"),
    ]

    @Test(arguments: cases)
    func aBadLiteralStopsTheScriptBeforeItsFirstLine(_ bad: Case) throws {
        let harness = ShellHarness()
        let run = harness.run("echo ran\nlog queued-before\n\(bad.line)\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("test.sdk:3:\(bad.column): error: "), "\(run.stderr)")
        #expect(run.stderr.contains(bad.message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.home.path + "/state/hamon/queue.journal"))
    }

    @Test func aSecretInALineWithTwoAlternativesIsMaskedInItsError() {
        let harness = ShellHarness()
        let run = harness.run("echo ran\nset s --secret S3kr1tXXXX extra\n")
        #expect(run.status == .parse)
        #expect(!run.stderr.contains("S3kr1tXXXX") && run.stderr.contains("***"), "\(run.stderr)")
    }

    @Test func theSameValueFromAVariableFailsWhenItsLineRuns() {
        let harness = ShellHarness()
        let run = harness.run("set t 0s\necho ran\nhamon timeout {{t}}\n")
        #expect(run.status == .runtime)
        #expect(run.stdout == "ran\n")
        #expect(run.stderr.contains("test.sdk:3:15: error: invalid DURATION '0s'"), "\(run.stderr)")
    }

    @Test func durationsHaveOneBound() {
        #expect(DurationParser.seconds("250ms") == 0.25)
        #expect(DurationParser.seconds("24h") == 86_400)
        #expect(DurationParser.seconds("1ms") == 0.001)
        for bad in ["0s", "0", "24.1h", "-1s", "nan", "inf", "1e300", "99999999999999999999m", "0.5ms"] {
            #expect(DurationParser.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstCommand() {
        let harness = ShellHarness()
        let source = SourceFile(name: "bom.sdk", fileBytes: [0xEF, 0xBB, 0xBF] + Array("echo hi\n".utf8))
        let status = ScriptRunner(session: harness.session).runBlocking(source).status
        #expect(status == .success)
        #expect(harness.output.captured().stdout == "hi\n")
    }

    @Test func variableNamesFollowOneRule() {
        for good in ["a", "_x", "token2"] { #expect(Variables.isValidName(good)) }
        for bad in ["1x", "a b", "last", "", "é"] { #expect(!Variables.isValidName(bad), "\(bad)") }
    }
}
