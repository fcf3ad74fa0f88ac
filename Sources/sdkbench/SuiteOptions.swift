import ArgumentParser
import Platform
import Shell
import TestMode

/// The options `test` and `check` share: how files run, the reports, variables and secrets.
///
/// A number or duration is parsed `.unconditional`: `--retry -1` takes -1 as its value, so that
/// `validate()` says what is wrong with it, where ArgumentParser read an option and said "Missing value".
struct SuiteOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Files run at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Flag(name: .customLong("fail-fast"), help: "Start no more files once one did not pass.")
    var failFast = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long one file may run (250ms, 30s, 2m); past it the file is an error.", valueName: "DURATION")
    )
    var timeout: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Run a file that failed or had an error again, up to N more times.", valueName: "N"))
    var retry: Int = 0

    @Option(name: .customLong("retry-interval"), parsing: .unconditional, help: ArgumentHelp("The pause before each retry.", valueName: "DURATION"))
    var retryInterval: String = "1s"

    @Option(
        name: .customLong("report-junit"),
        help: ArgumentHelp("Write a JUnit XML report ('-': standard output).", valueName: "FILE"),
        completion: .file(extensions: ["xml"])
    )
    var junit: String?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP version 13 report.", valueName: "FILE"), completion: .file())
    var tap: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var json: String?

    @Option(
        name: .customLong("report-html"),
        help: ArgumentHelp("Write an HTML report, DIR/index.html (one page, nothing from a network).", valueName: "DIR"),
        completion: .directory
    )
    var html: String?

    @OptionGroup var given: GivenVariableOptions

    @Flag(help: "Show only the files that did not pass, and the summary.")
    var quiet = false

    @Flag(help: "Show what each file printed, too.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        if quiet, verbose { throw ValidationError("give --quiet or --verbose, not both") }
        if retry < 0 { throw ValidationError("--retry must be 0 or more, got \(retry)") }
        if let timeout, DurationParser.seconds(timeout) == nil {
            throw ValidationError("--timeout: expected a duration (250ms, 30s, 2m), got '\(timeout)'")
        }
        if DurationParser.seconds(retryInterval) == nil {
            throw ValidationError("--retry-interval: expected a duration (250ms, 1s, 2m), got '\(retryInterval)'")
        }
        try reportTargets.check()
    }

    /// The reports asked for.
    var reportTargets: ReportTargets {
        ReportTargets(
            files: [("--report-junit", junit), ("--report-tap", tap), ("--report-json", json)],
            directories: [("--report-html", html)]
        )
    }

    /// Every variable from the options, their files and the environment.
    func collectVariables(environment: [String: String]) throws(ValidationError) -> SuiteVariables {
        try given.collect(environment: environment)
    }
}
