import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The committed bash script, run by bash as readline would at TAB: what lands in COMPREPLY.
///
/// Readline closes an open quote after a lone match, so "the quote stays open" shows here as
/// several candidates whose common prefix is what bash inserts.
struct BashCompletionTests {
    static let script = CompletionScriptTests.root + "/completions/sdkbench.bash"

    /// COMPREPLY for the line typed so far, the cursor at its end and the last word being completed.
    /// `words` are the shell words as bash splits them (quotes kept); `current` is that last word
    /// with quotes removed, as bash passes it to the function.
    private func complete(_ words: [String], current: String) async -> [String] {
        let executable = SDKBenchFiles.sdkbenchExecutable
        let directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        // The script re-runs `sdkbench` by the name typed, so it must be found on PATH.
        let path = directory + ":" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        var environment = ["PATH": path, "SCRIPT": Self.script, "LINE": words.joined(separator: " "), "CURRENT": current]
        for (index, word) in words.enumerated() { environment["WORD\(index)"] = word }
        let program = """
            source "$SCRIPT" || exit 9
            COMP_WORDS=()
            for ((i = 0; i < \(words.count); i++)); do name="WORD$i"; COMP_WORDS+=("${!name}"); done
            COMP_CWORD=\(words.count - 1)
            COMP_LINE="$LINE"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _sdkbench sdkbench "$CURRENT" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = await ProcessRunner.run("/bin/bash", ["-c", program], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// What readline inserts for several candidates: their longest common prefix.
    private func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// `sdkbench help <TAB>` offers the shell's commands, then a group's sub-commands.
    @Test func helpCompletesTheShellsCommands() async {
        #expect(await complete(["sdkbench", "help", "mi"], current: "mi") == ["miataru"])
        #expect(await complete(["sdkbench", "help", "perf", "ex"], current: "ex") == ["export"])
        #expect(await complete(["sdkbench", "--home", "/tmp", "help", "si"], current: "si") == ["sift"])
        #expect(await complete(["sdkbench", "help", ""], current: "").contains("backend"))
    }

    /// `sdkbench help load k8s` prints that sub-command's help, so TAB offers the process's
    /// sub-commands beside the shell's commands.
    @Test func helpCompletesTheProcessSubcommands() async {
        #expect(await complete(["sdkbench", "help", "lo"], current: "lo") == ["load", "log"])
        #expect(await complete(["sdkbench", "help", "load", "k"], current: "k") == ["k8s"])
        #expect(await complete(["sdkbench", "help", "te"], current: "te") == ["test"])
    }

    @Test func checkCompletesServicesAndRuleIds() async {
        #expect(await complete(["sdkbench", "check", "mi"], current: "mi") == ["miataru"])
        #expect(await complete(["sdkbench", "check", "a"], current: "a") == ["all"])
        #expect(
            await complete(["sdkbench", "check", "miataru", "--only", "miataru.allowed.n"], current: "miataru.allowed.n") == [
                "miataru.allowed.not-listed"
            ]
        )
        #expect(await complete(["sdkbench", "check", "--print", "si"], current: "si") == ["sift"])
    }

    @Test func laterWordsInsideAnOpenQuote() async {
        let replies = await complete(["sdkbench", "-c", "'perf st"], current: "perf st")
        #expect(replies.count >= 2, "a lone match would make readline close the quote: \(replies)")
        #expect(replies.allSatisfy { $0.hasPrefix("perf start ") }, "\(replies)")
        #expect(commonPrefix(replies) == "perf start ")
    }

    @Test func firstWordLeavesTheQuoteOpenForMore() async {
        let replies = await complete(["sdkbench", "-c", "'pe"], current: "pe")
        #expect(replies.count >= 2, "a lone match would make readline close the quote: \(replies)")
        #expect(replies.contains("perf start"))
        #expect(commonPrefix(replies) == "perf ")
    }

    @Test func severalMatchesAreWholeLines() async {
        let replies = await complete(["sdkbench", "-c", "'perf s"], current: "perf s")
        #expect(replies == ["perf start", "perf summary"])
    }

    @Test func unquotedWordCompletesToo() async {
        let replies = await complete(["sdkbench", "-c", "pe"], current: "pe")
        #expect(commonPrefix(replies) == "perf ")
    }
}
