import SDKBenchTesting
import Testing

/// The committed completion scripts must be what the binary prints now.
struct CompletionScriptTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))

    @Test(arguments: [("bash", "sdkbench.bash"), ("zsh", "_sdkbench"), ("fish", "sdkbench.fish")])
    func committedScriptIsCurrent(_ shell: String, _ file: String) async {
        let result = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["completions", shell])
        #expect(result.status == 0)
        if let mismatch = Golden.mismatch(result.stdout, file: file, directory: Self.root + "/completions") {
            Issue.record("completions/\(file) is stale: run `sdkbench completions \(shell) > completions/\(file)`\n\(mismatch)")
        }
    }

    @Test func customCompletionOfDashCComesFromTheTable() async {
        // What completions/sdkbench.bash runs at TAB after `sdkbench -c 'perf st`: the option, the
        // word index, the cursor offset in the word, then the words of the line.
        let result = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["---completion", "--", "-c", "2", "7", "sdkbench", "-c", "perf st"],
            environment: ["SAP_SHELL": "bash"]
        )
        // The lone match `perf start` comes back as what may follow it, so that bash keeps the
        // quote open (BashCompletionTests runs the script itself).
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("perf start deposit"))
        #expect(lines.allSatisfy { $0.hasPrefix("perf start ") })
        let group = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["---completion", "--", "-c", "2", "7", "sdkbench", "-c", "perf de"],
            environment: ["SAP_SHELL": "bash"]
        )
        #expect(group.stdout.split(separator: "\n").contains("perf destination add"))
        let zsh = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["---completion", "--", "-c", "2", "7", "sdkbench", "-c", "perf st"],
            environment: ["SAP_SHELL": "zsh"]
        )
        #expect(zsh.stdout.split(separator: "\n").first == "perf start")
    }
}
