import ArgumentParser
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

    @OptionGroup var given: GivenVariableOptions

    @Argument(help: ArgumentHelp("Scripts to run.", valueName: "FILE"), completion: .file(extensions: ["sdk"]))
    var files: [String]

    mutating func run() throws {
        // The environment's SDKBENCH_VAR_* are for the runs that start sessions of their own (test, load).
        let variables = try given.collect(environment: [:]).all
        let launcher = try Launcher(global: global)
        launcher.session.scriptSizeLimit = scriptSize.limit
        launcher.finish(launcher.runFiles(files, variables: variables, options: RunOptions(keepGoing: keepGoing, echo: echo)))
    }
}
