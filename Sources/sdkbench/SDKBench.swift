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
        subcommands: [
            RunCommand.self, TestCommand.self, CheckCommand.self, LoadCommand.self, ServeCommand.self, ProxyCommand.self, ImportCommand.self,
            CompletionsCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    /// ArgumentParser's own `main`, except that usage errors exit 1 (COMMANDS.md) instead of 64.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == CompletionScript.helpTopicsFlag {
            fputs(CompletionScript.helpTopics(after: Array(arguments.dropFirst())), stdout)
            Glibc.exit(0)
        }
        if arguments.first == CommandReference.flag {
            Glibc.exit(CommandReference.print(Array(arguments.dropFirst())).rawValue)
        }
        // `sdkbench [--home D] [--no-color] help TOPIC`: the shell's help, whatever global options come first.
        let afterGlobals = Self.droppingGlobalOptions(arguments)
        if afterGlobals.first == "help", afterGlobals.count > 1 {
            // `sdkbench help --help` (exit 1 before: "no command named '--help'") is the help of `help`,
            // and `help load --help` that of `load`: `--help` asks for what `help` already gives.
            let asked = afterGlobals.dropFirst().filter { $0 != "--help" && $0 != "-h" }
            let topic = asked.isEmpty ? ["help"] : Array(asked)
            // `sdkbench help load k8s`: the process's own sub-command, as its `--help` says to ask.
            if SubcommandHelp.names(topic) { SubcommandHelp.exit(topic) }
            Glibc.exit(ShellHelp.print(topic).rawValue)
        }
        if let invocation = CommandLineShortcut.parse(arguments),
            let launcher = try? Launcher(home: invocation.home, noColor: invocation.noColor)
        {
            launcher.finish(launcher.runCommands(invocation.commands))
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            leave(with: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            // Refused once the line was understood (a report path that cannot be written, segments
            // that are not one run's): the reason alone, not the root command's usage.
            _ = "Error: \(error.message)\n".withCString { fputs($0, stderr) }
            Glibc.exit(ExitStatus.usage.rawValue)
        } catch {
            leave(with: error)
        }
    }

    /// A parse error with the usage of the command it is about, exit 1; anything else as ArgumentParser ends it.
    private static func leave(with error: any Error) -> Never {
        if exitCode(for: error) == .validationFailure {
            let message = fullMessage(for: error) + "\n"
            _ = message.withCString { fputs($0, stderr) }
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        exit(withError: error)
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
        name: .customShort("c"),
        parsing: .singleValue,
        help: ArgumentHelp("Run COMMAND and exit; repeat -c for several.", valueName: "COMMAND"),
        completion: .custom { _, _, prefix in
            let home = getenv("HOME").map { String(cString: $0) }
            let completer = Completer(table: .standard, home: home)
            guard CompletionShell.requesting == .bash else { return completer.completeWholeLine(prefix) }
            return completer.completeWholeLine(prefix, keepingQuoteOpen: true).map(BashWordList.escaped)
        }
    )
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
