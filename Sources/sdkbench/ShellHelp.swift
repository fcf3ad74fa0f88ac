import SDKBenchCatalog
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench help COMMAND` from a shell: the same text as `help COMMAND` in the REPL, since
/// argument-parser's own `help` knows only the process's subcommands (`run`, `serve`, …).
enum ShellHelp {
    static func print(_ words: [String]) -> ExitStatus {
        let table = CommandTable.standard
        if let text = HelpGenerator(table: table).help(for: words) {
            fputs(text, stdout)
            return .success
        }
        let hint = Suggestions.closest(to: words.first ?? "", in: table.nextWords(after: [])).map { " (did you mean '\($0)'?)" } ?? ""
        fputs("sdkbench: no command or group named '\(words.joined(separator: " "))'\(hint); 'sdkbench -c help' lists them\n", stderr)
        return .usage
    }
}
