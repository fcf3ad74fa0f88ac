import ArgumentParser
import SDKBenchCatalog
import Shell

/// The completion scripts `sdkbench completions` prints: ArgumentParser's, with `help`'s
/// arguments completed from the command table and the process's sub-commands (ArgumentParser's
/// own `help` takes none, so `sdkbench help <TAB>` offered nothing).
enum CompletionScript {
    /// The hidden call the bash script makes for `sdkbench help WORDS… <TAB>`.
    static let helpTopicsFlag = "---help-topics"

    static func text(for shell: CompletionShell) -> String {
        var script = SDKBench.completionScript(for: shell)
        guard shell == .bash, let start = script.firstRange(of: "_sdkbench_help() {\n"),
            let end = script[start.upperBound...].firstRange(of: "\n}\n")
        else { return script }
        let body = """
                # The shell's commands and groups after the words typed so far (`sdkbench help perf <TAB>`).
                local -a topics
                mapfile -t topics < <("${COMP_WORDS[0]}" \(helpTopicsFlag) "${unparsed_words[@]:0:${#unparsed_words[@]}-1}" 2>/dev/null)
                COMPREPLY+=($(compgen -W "${topics[*]}" -- "${cur}"))
            """
        script.replaceSubrange(start.upperBound..<end.lowerBound, with: body)
        return script
    }

    /// The words that may follow `words` after `sdkbench help`, one per line: a process
    /// sub-command's (`help load k8s`), then the shell's.
    static func helpTopics(after words: [String]) -> String {
        (SubcommandHelp.nextNames(after: words) + CommandTable.standard.nextWords(after: words)).map { $0 + "\n" }.joined()
    }
}
