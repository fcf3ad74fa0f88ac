import SDKBenchTesting
import Testing

/// The committed completion scripts must be what the binary prints now.
struct CompletionScriptTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))

    @Test(arguments: [("bash", "sdkbench.bash"), ("zsh", "_sdkbench"), ("fish", "sdkbench.fish")])
    func committedScriptIsCurrent(_ shell: String, _ file: String) {
        let result = ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["completions", shell])
        #expect(result.status == 0)
        if let mismatch = Golden.mismatch(result.stdout, file: file, directory: Self.root + "/completions") {
            Issue.record("completions/\(file) is stale: run `sdkbench completions \(shell) > completions/\(file)`\n\(mismatch)")
        }
    }

    @Test func customCompletionOfDashCComesFromTheTable() {
        // What completions/sdkbench.bash runs at TAB after `sdkbench -c 'perf st`: the option, the
        // word index, the cursor offset in the word, then the words of the line.
        let result = ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable, ["---completion", "--", "-c", "2", "7", "sdkbench", "-c", "perf st"],
            environment: ["SAP_SHELL": "bash"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n") == ["perf start"])
        let group = ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable, ["---completion", "--", "-c", "2", "7", "sdkbench", "-c", "perf de"],
            environment: ["SAP_SHELL": "bash"])
        #expect(group.stdout.split(separator: "\n") == ["perf destination"])
    }
}
