import ArgumentParser
import LineEditing
import SDKBenchCatalog
import Script
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@main
struct SDKBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdkbench",
        abstract:
            "A terminal workbench for mobile-SDK backends: drive "
            + ShellCatalog.list(ShellCatalog.standard.modules.map(\.summary)) + " flows.",
        discussion: """
            With no arguments: a REPL when stdin and stdout are terminals; otherwise commands are read from stdin.
            Exit status: 0 success, 1 usage error, 2 script parse error, 3 runtime error, 4 an expect failed.
            """,
        version: SDKBenchVersion.current,
        subcommands: [RunCommand.self, ServeCommand.self, CompletionsCommand.self]
    )

    @OptionGroup var global: GlobalOptions

    /// ArgumentParser's own `main`, except that usage errors exit 1 (COMMANDS.md) instead of 64.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == CompletionScript.helpTopicsFlag {
            fputs(CompletionScript.helpTopics(after: Array(arguments.dropFirst())), stdout)
            Glibc.exit(0)
        }
        // `sdkbench [--home D] [--no-color] help TOPIC`: the shell's help, whatever global options come first.
        let afterGlobals = Self.droppingGlobalOptions(arguments)
        if afterGlobals.first == "help", afterGlobals.count > 1 {
            Glibc.exit(ShellHelp.print(Array(afterGlobals.dropFirst())).rawValue)
        }
        if let invocation = CommandLineShortcut.parse(arguments),
            let launcher = try? Launcher(home: invocation.home, noColor: invocation.noColor)
        {
            launcher.finish(launcher.runCommands(invocation.commands))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let message = fullMessage(for: error) + "\n"
                _ = message.withCString { fputs($0, stderr) }
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }

    /// `arguments` after the leading `--home DIR`, `--home=DIR` and `--no-color`.
    static func droppingGlobalOptions(_ arguments: [String]) -> ArraySlice<String> {
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--no-color" || first.hasPrefix("--home=") {
                rest = rest.dropFirst()
            } else if first == "--home", rest.count > 1 {
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        return rest
    }

    @Option(
        name: .customShort("c"), parsing: .singleValue,
        help: ArgumentHelp("Run COMMAND and exit; repeat -c for several.", valueName: "COMMAND"),
        completion: .custom { _, _, prefix in
            let home = getenv("HOME").map { String(cString: $0) }
            let completer = Completer(table: .standard, home: home)
            guard CompletionShell.requesting == .bash else { return completer.completeWholeLine(prefix) }
            return completer.completeWholeLine(prefix, keepingQuoteOpen: true).map(BashWordList.escaped)
        })
    var commands: [String] = []

    mutating func run() throws {
        let launcher = try Launcher(global: global)
        if !commands.isEmpty { launcher.finish(launcher.runCommands(commands)) }
        if Terminal.isInteractive {
            launcher.finish(launcher.runRepl())
        }
        launcher.finish(launcher.runStandardInput())
    }
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run .sdk scripts in order; stop at the first error.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("keep-going"), help: "Run every command; exit non-zero at the end if any failed.")
    var keepGoing = false

    @Flag(help: "Print each command before running it.")
    var echo = false

    @Option(name: .customLong("var"), parsing: .singleValue,
            help: ArgumentHelp("Set a variable before the first script runs.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Argument(help: ArgumentHelp("Scripts to run.", valueName: "FILE"), completion: .file(extensions: ["sdk"]))
    var files: [String]

    mutating func run() throws {
        var assignments: [(String, String)] = []
        for assignment in variables {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError("--var expects NAME=VALUE, got '\(assignment)'")
            }
            let name = String(assignment[..<equals])
            guard Variables.isValidName(name) else {
                throw ValidationError("--var: invalid variable name '\(name)': expected letters, digits, _ (not starting with a digit; not 'last')")
            }
            assignments.append((name, String(assignment[assignment.index(after: equals)...])))
        }
        let launcher = try Launcher(global: global)
        launcher.finish(
            launcher.runFiles(files, variables: assignments, options: RunOptions(keepGoing: keepGoing, echo: echo)))
    }
}

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions", abstract: "Print a shell completion script (bash, zsh or fish).")

    @Argument(help: "The shell.", completion: .list(["bash", "zsh", "fish"]))
    var shell: String

    func run() throws {
        guard let kind = CompletionShell(rawValue: shell) else {
            throw ValidationError("unknown shell '\(shell)': expected bash, zsh or fish")
        }
        print(CompletionScript.text(for: kind), terminator: "")
    }
}
