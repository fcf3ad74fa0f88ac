import Shell

/// What `sdkbench test` shows on the terminal: a line per file as it finishes (in file order),
/// what failed and where, then the summary. `quiet` leaves out the files that passed; `verbose`
/// adds what each file printed.
public struct TestTerminalPrinter: Sendable {
    private let output: Output
    private let quiet: Bool
    private let verbose: Bool

    public init(output: Output, quiet: Bool = false, verbose: Bool = false) {
        self.output = output
        self.quiet = quiet
        self.verbose = verbose
    }

    /// A file finished: its line, and, unless it passed, what went wrong as the terminal renders it.
    public func fileFinished(_ file: TestFileReport) {
        if quiet, file.status == .passed { return }
        let label = Self.labels[file.status]!
        output.line("\(label) \(file.file)  (\(Self.detail(file)))")
        if verbose, !file.stdout.isEmpty { output.write(Self.indented(file.stdout)) }
        if file.status == .passed { return }
        if file.status == .broken, file.stderr.isEmpty {
            for error in file.checkErrors { output.writeError(Self.indented(error + "\n")) }
        } else if !file.stderr.isEmpty {
            output.writeError(Self.indented(file.stderr))
        }
        output.flush()
    }

    /// The closing lines: files by status, assertions, wall time.
    public func summary(_ run: TestRunReport) {
        let assertions = run.assertions
        let failed = assertions.count { $0.outcome != .passed }
        output.line("")
        var files = "files:      \(run.files.count) run: \(run.count(.passed)) passed, \(run.count(.failed)) failed, "
        files += "\(run.count(.error)) \(run.count(.error) == 1 ? "error" : "errors"), \(run.count(.broken)) broken"
        if run.notRun > 0 { files += "; \(run.notRun) not run" }
        output.line(files)
        output.line("assertions: \(assertions.count): \(assertions.count - failed) passed, \(failed) failed")
        output.line("time:       \(ReportSeconds.text(run.duration)) s")
        output.flush()
    }

    private static let labels: [TestFileStatus: String] = [.passed: "PASS  ", .failed: "FAIL  ", .error: "ERROR ", .broken: "BROKEN"]

    private static func detail(_ file: TestFileReport) -> String {
        let time = ReportSeconds.text(file.duration) + " s"
        switch file.status {
        case .broken:
            return file.checkErrors.count == 1 ? "does not check" : "\(file.checkErrors.count) check errors"
        case .passed, .failed, .error:
            let assertions = file.assertions
            let failed = assertions.count { $0.outcome != .passed }
            let counted = failed == 0 ? plural(assertions.count, "assertion") : "\(failed) of \(plural(assertions.count, "assertion")) failed"
            let tries = file.tries.count < 2 ? "" : file.status == .passed ? "; passed on try \(file.tries.count)" : "; \(file.tries.count) tries"
            return "\(counted), \(time)\(tries)"
        }
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? String($0) : "  " + $0 }.joined(separator: "\n")
    }
}
