import Shell

/// What `sdkbench test` shows on the terminal: a line per file as it finishes (in file order),
/// what failed and where, then the summary. `quiet` leaves out the files that passed; `verbose`
/// adds what each file printed.
package struct TestTerminalPrinter: Sendable {
    private let output: Output
    private let quiet: Bool
    private let verbose: Bool
    private let useColor: Bool
    /// Standard error is a terminal: a progress line stands below the files' lines.
    private let showsProgress: Bool
    /// `check` counts rules (every test case, an error included) where `test` counts assertions.
    private let countsRules: Bool
    /// The command line that checks one rule again (`check … --only ID`), given the file and the
    /// rule's id: with it, a file that did not pass is shown rule by rule (`RuleFailureText`).
    private let rerun: (@Sendable (_ file: String, _ ruleID: String) -> String)?

    package init(
        output: Output,
        quiet: Bool = false,
        verbose: Bool = false,
        useColor: Bool = false,
        showsProgress: Bool = false,
        countsRules: Bool = false,
        rerun: (@Sendable (_ file: String, _ ruleID: String) -> String)? = nil
    ) {
        self.countsRules = countsRules
        self.rerun = rerun
        self.output = output
        self.quiet = quiet
        self.verbose = verbose
        self.useColor = useColor
        self.showsProgress = showsProgress
    }

    /// Redraws the progress line: files done of all, running now, not passed so far.
    package func progressChanged(_ progress: TestProgress) {
        guard showsProgress else { return }
        let failures = progress.notPassed == 0 ? "" : ", \(progress.notPassed) not passed"
        output.writeError("\r\u{1B}[K[\(progress.done)/\(progress.total)] \(progress.running) running\(failures)")
        output.flush()
    }

    /// Takes the progress line away before other text is written.
    private func clearProgress() {
        guard showsProgress else { return }
        output.writeError("\r\u{1B}[K")
        output.flush()
    }

    /// A file finished: its line, and, unless it passed, what went wrong as the terminal renders it.
    package func fileFinished(_ file: TestFileReport) {
        if quiet, file.status == .passed { return }
        clearProgress()
        output.line(styled: paint(Self.labels[file.status]!, file.status) + " ", "\(file.file)  (\(detail(file)))")
        if verbose, !file.stdout.isEmpty { output.write(Self.indented(file.stdout)) }
        for warning in file.warnings { output.writeError(Self.indented(warning + "\n")) }
        if file.status == .passed {
            output.flush()
            return
        }
        if file.status == .broken, file.stderr.isEmpty {
            for error in file.checkErrors { output.writeError(Self.indented(error + "\n")) }
        } else if let rerun, file.status != .broken {
            // A suite's lines are not the user's: each rule that did not hold, by its id, as pytest shows a test.
            for testCase in file.testCases where testCase.outcome != .passed {
                let text = RuleFailureText(testCase: testCase, allEvidence: verbose) { rerun(file.file, $0) }.text
                output.writeError(Self.indented(text))
            }
            output.flush()
            return
        } else if !file.stderr.isEmpty {
            output.writeError(Self.indented(file.stderr))
        }
        if verbose {
            for testCase in file.testCases where !testCase.evidence.isEmpty {
                output.writeError(Self.indented("what the server did, \(testCase.name.prefix { $0 != " " }) (line \(testCase.line)):\n\n"))
                output.writeError(Self.indented(Self.indented(testCase.evidence.joined(separator: "\n"))))
            }
        }
        output.flush()
    }

    /// The closing lines: files by status, assertions, wall time.
    package func summary(_ run: TestRunReport) {
        clearProgress()
        output.line("")
        var files = "files:      \(run.files.count) run: \(run.count(.passed)) passed, \(run.count(.failed)) failed, "
        files += "\(run.count(.error)) \(run.count(.error) == 1 ? "error" : "errors"), \(run.count(.broken)) broken"
        if run.notRun > 0 { files += "; \(run.notRun) not run" }
        output.line(files)
        let failed = run.failedAssertionCount
        if countsRules {
            let cases = run.files.flatMap(\.testCases)
            let errors = cases.count { if case .error = $0.outcome { true } else { false } }
            let passed = cases.count { $0.outcome == .passed }
            output.line("rules:      \(cases.count): \(passed) passed, \(failed) failed, \(errors) \(errors == 1 ? "error" : "errors")")
        } else {
            output.line("assertions: \(run.assertionCount): \(run.assertionCount - failed) passed, \(failed) failed")
        }
        let warnings = run.files.reduce(0) { $0 + $1.warnings.count }
        if warnings > 0 { output.line("warnings:   \(warnings) (listed with their files above and in the reports)") }
        output.line("time:       \(ReportSeconds.text(run.duration)) s")
        output.flush()
    }

    private func paint(_ label: String, _ status: TestFileStatus) -> String {
        guard useColor else { return label }
        let code = [TestFileStatus.passed: "32", .failed: "31", .error: "33", .broken: "35"][status]!
        return "\u{1B}[1;\(code)m\(label)\u{1B}[0m"
    }

    private static let labels: [TestFileStatus: String] = [.passed: "PASS  ", .failed: "FAIL  ", .error: "ERROR ", .broken: "BROKEN"]

    private func detail(_ file: TestFileReport) -> String {
        let time = ReportSeconds.text(file.duration) + " s"
        switch file.status {
        case .broken:
            return file.checkErrors.count == 1 ? "does not check" : "\(file.checkErrors.count) check errors"
        case .passed, .failed, .error:
            let failed = file.failedAssertionCount
            let assertions = countsRules ? Self.plural(file.testCases.count, "rule") : Self.plural(file.assertions.count, "assertion")
            let counted = failed == 0 ? assertions : "\(failed) of \(assertions) failed"
            let tries = file.tries.count < 2 ? "" : file.status == .passed ? "; passed on try \(file.tries.count)" : "; \(file.tries.count) tries"
            return "\(counted), \(time)\(tries)"
        }
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? String($0) : "  " + $0 }.joined(separator: "\n")
    }
}
