import ArgumentParser
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench help SUBCOMMAND [SUB]`: ArgumentParser's help of a process sub-command (`test`,
/// `load k8s`), as its `--help` prints it; `--help` itself tells users to ask this way.
/// ArgumentParser's own `help` never sees these words: `sdkbench help WORDS` is the shell's help
/// when the first word names no process sub-command.
enum SubcommandHelp {
    /// The sub-commands of `command`, by name, ArgumentParser's own `help` left out.
    static func children(of command: any ParsableCommand.Type) -> [(name: String, type: any ParsableCommand.Type)] {
        command.configuration.subcommands.map { ($0._commandName, $0) }
    }

    /// Whether `words` begin with a process sub-command's name.
    static func names(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        return children(of: SDKBench.self).contains { $0.name == first }
    }

    /// The sub-commands that may follow `words` after `sdkbench help`: the root's, or those of the
    /// sub-command `words` name; none when they name none.
    static func nextNames(after words: [String]) -> [String] {
        var command: any ParsableCommand.Type = SDKBench.self
        for word in words {
            guard let child = children(of: command).first(where: { $0.name == word }) else { return [] }
            command = child.type
        }
        return children(of: command).map(\.name)
    }

    /// Prints the help of the sub-command `words` name and exits: 0, or 1 with the word that
    /// names nothing.
    static func exit(_ words: [String]) -> Never {
        var command: any ParsableCommand.Type = SDKBench.self
        var path: [String] = []
        for word in words {
            let children = children(of: command)
            guard let child = children.first(where: { $0.name == word }) else {
                let named = path.joined(separator: " ")
                let hint = Suggestions.closest(to: word, in: children.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                let listing = children.isEmpty ? "it has none" : "'sdkbench help \(named)' lists them"
                fputs("sdkbench: '\(named)' has no sub-command '\(word)'\(hint); \(listing)\n", stderr)
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            command = child.type
            path.append(word)
        }
        // ArgumentParser's own way out for `--help`: the same text, width and exit status.
        SDKBench.exit(withError: CleanExit.helpRequest(command))
    }
}
