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
