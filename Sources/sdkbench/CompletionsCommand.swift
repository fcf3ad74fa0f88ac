import ArgumentParser
import SDKBenchCatalog
import Script
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish)."
    )

    @Argument(help: "The shell.", completion: .list(["bash", "zsh", "fish"]))
    var shell: String

    func run() throws {
        guard let kind = CompletionShell(rawValue: shell) else {
            throw ValidationError("unknown shell '\(shell)': expected bash, zsh or fish")
        }
        print(CompletionScript.text(for: kind), terminator: "")
    }
}
