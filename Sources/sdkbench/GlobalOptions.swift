import ArgumentParser
import Shell

/// Options every sdkbench invocation accepts.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Where all state lives (default: XDG directories; also SDKBENCH_HOME).", valueName: "DIR"),
        completion: .directory
    )
    var home: String?

    @Flag(name: .customLong("no-color"), help: "Plain output (also NO_COLOR).")
    var noColor = false
}
