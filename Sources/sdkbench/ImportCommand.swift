import ArgumentParser

/// `sdkbench import har FILE.har`: a recording made elsewhere, as a `.sdk` script.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a recording (a HAR file) into a .sdk script that runs, tests and loads.",
        subcommands: [ImportHARCommand.self]
    )
}
