import ArgumentParser
import TestMode

/// `--var`, `--secret`, `--vars-file`, `--secrets-file` and `--allow-short`: how every command
/// that runs scripts (`run`, `test`, `check`, `load`, `load k8s`) is given variables, with the
/// one set of rules of `GivenVariables`. One declaration, so that no command takes `--secret`
/// and refuses `--secrets-file`.
struct GivenVariableOptions: ParsableArguments {
    @Option(
        name: .customLong("var"),
        parsing: .singleValue,
        help: ArgumentHelp("Set a variable in every session the scripts run in.", valueName: "NAME=VALUE")
    )
    var variables: [String] = []

    @Option(
        name: .customLong("secret"),
        parsing: .singleValue,
        help: ArgumentHelp("Set a secret variable: masked as *** in every output, report and file.", valueName: "NAME=VALUE")
    )
    var secrets: [String] = []

    @Option(
        name: .customLong("vars-file"),
        parsing: .singleValue,
        help: ArgumentHelp("Set the variables of a file of NAME=VALUE lines ('#' comments).", valueName: "FILE"),
        completion: .file()
    )
    var varsFiles: [String] = []

    @Option(
        name: .customLong("secrets-file"),
        parsing: .singleValue,
        help: ArgumentHelp("Like --vars-file, each value a secret (keep the file 0600).", valueName: "FILE"),
        completion: .file()
    )
    var secretsFiles: [String] = []

    @Flag(name: .customLong("allow-short"), help: "Accept a secret shorter than 8 characters (for tests; it is masked only as a whole word).")
    var allowShort = false

    /// Every variable from the options, their files and `environment` (`SDKBENCH_VAR_*`, `SDKBENCH_SECRET_*`).
    ///
    /// - Throws: `ValidationError` saying which variable and where.
    func collect(environment: [String: String]) throws(ValidationError) -> SuiteVariables {
        try GivenVariables.collect(
            variables: variables,
            secrets: secrets,
            files: varsFiles.map { ($0, false) } + secretsFiles.map { ($0, true) },
            allowShort: allowShort,
            environment: environment
        )
    }
}
