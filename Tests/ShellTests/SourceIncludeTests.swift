import SDKBenchShellTesting
import Testing

@testable import Shell

/// `source`: an error in an included file says how the run got there; a file that would source
/// itself, directly or through others, is refused naming the cycle.
struct SourceIncludeTests {
    @Test func anErrorInAnIncludedFileNamesTheIncludeChain() {
        let harness = ShellHarness()
        harness.home.write("inner.sdk", "echo inner\nexpect 1 == 2\n")
        harness.home.write("middle.sdk", "echo middle\n\nsource inner.sdk\n")
        harness.session.currentSourceDirectory = harness.home.path
        let run = harness.run("echo main\nsource middle.sdk\n", name: "main.sdk")
        #expect(run.status == .expectation)
        #expect(run.stderr.hasPrefix("inner.sdk:2:1: error: expect failed: 1 == 2"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("   = in file included from middle.sdk:3\n   = in file included from main.sdk:2\n"), "\(run.stderr)")
        // Rendered once, where it happened: not again for each 'source' line.
        #expect(run.stderr.components(separatedBy: "error:").count == 2, "\(run.stderr)")
    }

    @Test func aSourceCycleIsRefusedNamingIt() {
        let harness = ShellHarness()
        harness.home.write("a.sdk", "echo a\nsource b.sdk\n")
        harness.home.write("b.sdk", "source ./a.sdk\n")
        harness.session.currentSourceDirectory = harness.home.path
        let run = harness.run("source a.sdk\n", name: "main.sdk")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("b.sdk:1:8: error: source cycle: a.sdk -> b.sdk -> a.sdk"), "\(run.stderr)")
        #expect(run.stdout == "a\n", "a.sdk ran once: \(run.stdout)")
    }
}
