import ArgumentParser
import Platform
import SDKBenchCatalog
import Shell
import TestMode

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run .sdk files as tests, each in isolation; report each expect (JUnit, TAP, JSON).",
        discussion: """
            Every file given, and every .sdk file under a directory given (recursive, sorted), runs in a session \
            of its own: its own variables, engine state, state directory and embedded backend. A file passed \
            (every expect held), failed (an expect did not hold), had an error (a command failed) or is broken \
            (it does not parse or check: nothing of it ran). Exit status: 0 when all passed, else 2 if any is \
            broken, else 3 if any had an error, else 4. An expect's test case is named by a '# test: NAME' \
            comment on the line before it, else by the expect as written.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Keep only the files whose name (or path, for a pattern with '/') matches.", valueName: "PATTERN"))
    var glob: String?

    @OptionGroup var suite: SuiteOptions

    @OptionGroup var scriptSize: ScriptSizeOption

    @Argument(help: ArgumentHelp("Test files and directories.", valueName: "FILE|DIR"), completion: .file(extensions: ["sdk"]))
    var paths: [String]

    mutating func run() throws {
        let environment = ProcessEnvironment.current()
        let suiteVariables = try suite.collectVariables(environment: environment).all
        let paths: StatePaths
        do {
            paths = try StatePaths.resolve(home: global.home, environment: environment)
        } catch {
            throw ValidationError(error.message)
        }
        let files: [String]
        do {
            files = try TestFiles.expand(self.paths, glob: glob)
        } catch {
            throw ValidationError(error.message)
        }
        guard !files.isEmpty else { throw ValidationError("no .sdk files to run in \(self.paths.joined(separator: " "))") }
        var run = SuiteRun(command: "test", options: suite, global: global, environment: environment, variables: suiteVariables)
        run.scriptSizeLimit = scriptSize.limit
        run.execute(files, paths: paths)
    }
}
