import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

struct HelpGoldenTests {
    let generator = HelpGenerator(table: .standard)
    let directory = Golden.directory(of: #filePath) + "/Golden"

    @Test(arguments: [
        ([], "help.txt"), (["perf"], "help-perf.txt"), (["perf", "start"], "help-perf-start.txt"),
        (["perf", "export"], "help-perf-export.txt"), (["expect"], "help-expect.txt"), (["http"], "help-http.txt"),
        (["miataru", "key", "set"], "help-miataru-key-set.txt"),
    ])
    func helpText(_ words: [String], _ file: String) {
        let text = generator.help(for: words) ?? "<nil>"
        if let mismatch = Golden.mismatch(text, file: file, directory: directory) { Issue.record("\(mismatch)") }
    }

    @Test func aDiscussionIsReflowedWithBlankLinesBetweenParagraphs() throws {
        let spec = CommandSpec(
            ["demo"],
            summary: "Demo",
            discussion: "One two\nthree.\n\nNext\nparagraph.",
            handler: { _ in .null }
        )
        let help = try #require(HelpGenerator(table: CommandTable(commands: [spec])).help(for: ["demo"]))
        #expect(help.contains("\nOne two three.\n\nNext paragraph.\n"), "\(help)")
    }

    /// psql's `\?` answers as `help` does, with or without a topic.
    @Test(arguments: ["", " perf", " perf start"])
    func psqlBackslashQuestionMarkIsHelp(_ topic: String) {
        let help = ShellHarness().run("help" + topic)
        let meta = ShellHarness().run("\\?" + topic)
        #expect(meta.status == .success, "\(meta.stderr)")
        #expect(meta.stdout == help.stdout)
        #expect(!meta.stdout.isEmpty)
    }

    @Test func unknownHelpTopicIsAnError() {
        let harness = ShellHarness()
        let result = harness.run("help prf")
        #expect(result.status == .runtime)
        #expect(result.stderr.contains("did you mean 'perf'?"))
    }
}

struct ErrorRenderingGoldenTests {
    let directory = Golden.directory(of: #filePath) + "/Golden"

    @Test(arguments: [
        ("perf strat deposit api\n", "error-unknown-subcommand.txt"),
        ("echo ok\nsleep soon\n", "error-invalid-duration.txt"),
        ("perf export csv out.csv --featur deposit\n", "error-unknown-option.txt"),
        ("echo \"unterminated\n", "error-unterminated-quote.txt"),
        ("log e n:=[1,,2]\n", "error-invalid-json.txt"),
        ("perf start deposit\n", "error-missing-argument.txt"),
        ("\texpect 1 == 2\n", "error-expect-tab.txt"),
    ])
    func rendering(_ script: String, _ file: String) {
        let harness = ShellHarness()
        let result = harness.run(script, name: "demo.sdk")
        #expect(result.status != .success)
        if let mismatch = Golden.mismatch(result.stderr, file: file, directory: directory) { Issue.record("\(mismatch)") }
    }

    @Test func colorWrapsLabels() {
        let renderer = ErrorGenerator(useColor: true)
        let text = renderer.render(ShellError(.runtime("boom"), at: nil), in: nil)
        #expect(text.contains("\u{1B}[1;31merror:\u{1B}[0m boom"))
    }
}
