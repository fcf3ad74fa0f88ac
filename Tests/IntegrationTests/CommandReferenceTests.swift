import SDKBenchTesting
import Testing

/// docs/commands.md and sdkbench-commands(7) are what the command table renders now, and say what
/// `help` says: the page, the manual and the REPL are one text.
struct CommandReferenceTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))

    @Test(arguments: [("markdown", "docs", "commands.md"), ("man", "docs/man/man7", "sdkbench-commands.7")])
    func committedReferenceIsCurrent(_ format: String, _ directory: String, _ file: String) async {
        let result = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["---command-reference", format])
        #expect(result.status == 0, "\(result.stderr)")
        if let mismatch = Golden.mismatch(result.stdout, file: file, directory: Self.root + "/" + directory) {
            Issue.record("\(directory)/\(file) is stale: run scripts/docs.sh\n\(mismatch)")
        }
    }

    /// What `sdkbench help COMMAND` prints stands in the page, word for word, and the overview too.
    @Test(arguments: [[], ["perf", "export"], ["http"], ["miataru", "key", "set"], ["expect"]])
    func helpFromTheShellIsInThePage(_ words: [String]) async throws {
        let page = try #require(SDKBenchFiles.read(Self.root + "/docs/commands.md"))
        let result = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, words.isEmpty ? ["-c", "help"] : ["help"] + words)
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty && page.contains("```text\n" + result.stdout + "```\n"), "help \(words.joined(separator: " "))")
    }

    @Test func anUnknownFormatIsAUsageError() async {
        let result = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["---command-reference", "html"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("markdown, man"))
    }
}
