import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import PerformanceCommands
@testable import Shell

struct VariablesTests {
    @Test func setSubstituteAndUnset() {
        let harness = ShellHarness()
        let result = harness.run("set who world\necho hello {{who}}\nunset who\n")
        #expect(result.status == .success)
        #expect(result.stdout == "hello world\n")
        #expect(harness.session.variables["who"] == nil)
    }

    /// Issue 52 §6: a recording's `set server URL --default` yields to `--var server=…`, which
    /// the run sets before the script's first line.
    @Test func aDefaultSetsOnlyAVariableNotSetYet() {
        let harness = ShellHarness()
        harness.session.variables.set("server", .string("http://given:9000"))
        let result = harness.run("set server http://recorded:8080 --default\nset fresh one --default\nset fresh two --default\n")
        #expect(result.status == .success, "\(result.stderr)")
        #expect(harness.session.variables["server"] == .string("http://given:9000"))
        #expect(harness.session.variables["fresh"] == .string("one"))
        // Without --default, the script's own assignment still replaces it.
        harness.run("set server http://recorded:8080\n")
        #expect(harness.session.variables["server"] == .string("http://recorded:8080"))
    }

    @Test func soleVariableKeepsItsType() {
        let harness = ShellHarness()
        let result = harness.run("set n 3 --json\nset copy {{n}}\nexpect copy == 3\nexpect {{copy}} > 2\n")
        #expect(result.status == .success, "\(result.stderr)")
        #expect(harness.session.variables["copy"] == .int(3))
    }

    @Test func undefinedVariableIsARuntimeErrorWithSuggestion() {
        let harness = ShellHarness()
        let result = harness.run("set feature deposit\necho {{featur}}\n")
        #expect(result.status == .runtime)
        #expect(result.stderr.contains("test.sdk:2:6: error: undefined variable 'featur'"))
        #expect(result.stderr.contains("did you mean 'feature'?"))
    }

    @Test func lastAndCapture() {
        let harness = ShellHarness()
        let result = harness.run(
            """
            echo first
            capture saved last
            echo second
            expect last == second
            expect saved == first
            expect saved != second
            """
        )
        #expect(result.status == .success, "\(result.stderr)")
    }

    @Test func secretVariablesAreMasked() {
        let harness = ShellHarness()
        let result = harness.run("set token --secret s3cr3t-t0ken\nvars\n")
        #expect(result.stdout == "token = \"***\"\n")
        #expect(!result.stdout.contains("s3cr3t"))
    }

    @Test func typedParameterFromVariable() throws {
        let harness = ShellHarness()
        harness.run("set n 7 --json\nperf start deposit api count:={{n}} label=x{{n}}\n")
        let pending = harness.session.performance.tracker.pendingSessions
        #expect(pending.first?.metadata == ["count": "7", "label": "x7"])
    }
}

struct ExpectTests {
    @Test(arguments: [
        "expect 3 == 3", "expect 3 == 3.0", "expect abc != abd", "expect 2 < 10", "expect 10 >= 10",
        "expect hello contains ell", "expect hello matches '^h.*o$'", "expect \"10\" == 10", "expect b > a",
    ])
    func passing(_ line: String) {
        let harness = ShellHarness()
        let result = harness.run(line)
        #expect(result.status == .success, "\(line): \(result.stderr)")
    }

    @Test(arguments: ["expect 3 == 4", "expect 2 > 10", "expect hello contains xyz", "expect abc matches '^b'", "expect 1 == \"x\""])
    func failingExitsWithFour(_ line: String) {
        let harness = ShellHarness()
        let result = harness.run(line)
        #expect(result.status == .expectation, "\(line)")
        #expect(result.stderr.contains("expect failed"))
    }

    @Test func pathsIntoResults() {
        let harness = ShellHarness()
        let result = harness.run(
            """
            perf start deposit api
            perf start deposit api
            perf pending
            expect last.count == 2
            expect last.sessions[0].feature == deposit
            expect last.sessions exists
            expect last.nothing exists
            """
        )
        #expect(result.status == .expectation)
        #expect(result.stderr.contains("test.sdk:7:8: error: expect failed: last.nothing exists"))
    }

    /// A left side that cannot be read is a failed check that shows what was there (exit 4), not an
    /// error (exit 3): through null, a missing key, past the end, into a value that is not JSON.
    @Test(arguments: [
        ("set v '{\"list\":[null]}' --json\nexpect v.list[0].name == 1", "actual null at v.list[0] (cannot read 'v.list[0].name'"),
        ("set v '{\"a\":1}' --json\nexpect v.b == 1", "actual {\"a\":1} at v (cannot read 'v.b': no key 'b'"),
        ("set v '[1,2]' --json\nexpect v[5] == 1", "actual [1,2] at v (cannot read 'v[5]': index 5 out of range (2 items)"),
        ("set v text\nexpect v.json.x == 1", "actual \"text\" at v (cannot read 'v.json'"),
    ])
    func anUnreadableLeftSideIsAFailedCheck(_ script: String, _ detail: String) {
        let result = ShellHarness().run(script)
        #expect(result.status == .expectation, "\(result.stderr)")
        #expect(result.stderr.contains("test.sdk:2:1: error: expect failed: "), "\(result.stderr)")
        #expect(result.stderr.contains(detail), "\(result.stderr)")
    }

    @Test func aMessageSaysWhatAFailureMeansBeforeTheValues() {
        let result = ShellHarness().run(
            "set v '{\"a\":null}' --json\nexpect v.a.b == 1 -m \"the stored location is gone\"\nexpect 1 == 2 -m 'one is not two'"
        )
        #expect(result.status == .expectation)
        #expect(result.stderr.contains("expect failed: the stored location is gone — v.a.b == 1: actual null at v.a"), "\(result.stderr)")
        let compared = ShellHarness().run("expect 1 == 2 -m 'one is not two'")
        #expect(compared.stderr.contains("expect failed: one is not two — 1 == 2: actual 1 (number)"), "\(compared.stderr)")
    }

    @Test func orderingMismatchedTypesIsAFailure() {
        let harness = ShellHarness()
        let result = harness.run("expect abc < 3")
        #expect(result.status == .expectation)
    }

    @Test func invalidRegexIsFoundBeforeTheScriptRuns() {
        let harness = ShellHarness()
        let result = harness.run("echo before\nexpect abc matches '['")
        #expect(result.status == .parse)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("test.sdk:2:20: error: invalid RHS '['"))
        // A pattern from a variable is checked when its line runs.
        #expect(harness.run("set p '('\nexpect abc matches {{p}}").status == .runtime)
    }
}

struct RunnerTests {
    @Test func aTypoStopsTheScriptBeforeAnythingRuns() {
        let harness = ShellHarness()
        let result = harness.run("echo should-not-print\nperf strat deposit api\n")
        #expect(result.status == .parse)
        #expect(result.stdout.isEmpty)
    }

    @Test func stopsAtFirstRuntimeErrorUnlessKeepGoing() {
        let harness = ShellHarness()
        let stopped = harness.run("echo a\nexpect 1 == 2\necho b\n")
        #expect(stopped.status == .expectation)
        #expect(stopped.stdout == "a\n")
        let kept = harness.run("echo a\nexpect 1 == 2\necho b\n", options: RunOptions(keepGoing: true))
        #expect(kept.status == .expectation)
        #expect(kept.stdout == "a\nb\n")
    }

    @Test func echoPrintsEachCommand() {
        let harness = ShellHarness()
        let result = harness.run("echo a \\\n  b\n", options: RunOptions(echo: true))
        #expect(result.stdout == "echo a \\\n  b\na b\n")
    }

    @Test func quitStopsTheRun() {
        let harness = ShellHarness()
        let result = harness.run("echo a\nquit\necho b\n")
        #expect(result.stdout == "a\n")
        #expect(result.status == .success)
    }

    @Test func sourceRunsRelativeToTheSourcingFile() {
        let harness = ShellHarness()
        harness.home.write("inner.sdk", "set from inner\n")
        harness.session.currentSourceDirectory = harness.home.path
        let result = harness.run("source inner.sdk\necho {{from}}\n")
        #expect(result.stdout == "inner\n", "\(result.stderr)")
    }

    @Test func errorsInSourcedFilesAreLocatedThereOnce() {
        let harness = ShellHarness()
        harness.home.write("bad.sdk", "echo ok\nexpect 1 == 2\n")
        harness.session.currentSourceDirectory = harness.home.path
        let result = harness.run("source bad.sdk\n")
        #expect(result.status == .expectation)
        #expect(result.stderr.contains("bad.sdk:2:1: error: expect failed"))
        // Once, where it happened, with the line that sourced it as a note.
        #expect(result.stderr.components(separatedBy: "error:").count == 2, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("   = in file included from test.sdk:1\n"), "\(result.stderr)")
    }

    @Test func selfSourcingIsACycle() {
        let harness = ShellHarness()
        harness.home.write("loop.sdk", "source loop.sdk\n")
        harness.session.currentSourceDirectory = harness.home.path
        let result = harness.run("source loop.sdk\n")
        #expect(result.status == .runtime)
        #expect(result.stderr.contains("loop.sdk:1:8: error: source cycle: loop.sdk -> loop.sdk"), "\(result.stderr)")
    }

    @Test func missingSourceFile() {
        let harness = ShellHarness()
        let result = harness.run("source /nonexistent/x.sdk")
        #expect(result.status == .runtime)
        #expect(result.stderr.contains("No such file or directory"))
    }

    @Test func hugeLineAndGarbageGetLocatedErrors() {
        let harness = ShellHarness()
        let long = "echo " + String(repeating: "x", count: 100_000) + " '"
        let result = harness.run(long)
        #expect(result.status == .parse)
        #expect(result.stderr.contains("test.sdk:1:100007: error: unterminated single-quoted string"))
        #expect(result.stderr.count < 2_000)
        let garbage = String(decoding: [0xFF, 0xFE, 0x41, 0x00, 0x42], as: UTF8.self)
        let binary = harness.run(garbage)
        #expect(binary.status == .parse)
        #expect(binary.stderr.contains("U+0000"))
    }
}
