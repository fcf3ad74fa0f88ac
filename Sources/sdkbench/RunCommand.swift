import ArgumentParser
import LineEditing
import SDKBenchCatalog
import Script
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run .sdk scripts in order; stop at the first error."
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var scriptSize: ScriptSizeOption

    @Flag(name: .customLong("keep-going"), help: "Run every command; exit non-zero at the end if any failed.")
    var keepGoing = false

    @Flag(help: "Print each command before running it.")
    var echo = false

    @Option(
        name: .customLong("var"),
        parsing: .singleValue,
        help: ArgumentHelp("Set a variable before the first script runs.", valueName: "NAME=VALUE")
    )
    var variables: [String] = []

    @Argument(help: ArgumentHelp("Scripts to run.", valueName: "FILE"), completion: .file(extensions: ["sdk"]))
    var files: [String]

    mutating func run() throws {
        var assignments: [(String, String)] = []
        for text in variables {
            let assignment = try VariableAssignment.parse(text, option: "--var")
            assignments.append((assignment.name, assignment.value))
        }
        let launcher = try Launcher(global: global)
        launcher.session.scriptSizeLimit = scriptSize.limit
        launcher.finish(
            launcher.runFiles(files, variables: assignments, options: RunOptions(keepGoing: keepGoing, echo: echo))
        )
    }
}
