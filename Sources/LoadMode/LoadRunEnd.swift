import Shell

/// What `load` and `load merge` do with a finished run: the summary (or only the failed
/// thresholds with `--quiet`), the outputs' reports, the exit status.
package enum LoadRunEnd {
    /// Prints the summary (with `--quiet`, the failed thresholds and the iterations' errors), then
    /// hands the outputs the report; `.expectation` when a threshold failed, `.runtime` when an
    /// output could not be written.
    package static func finish(
        _ report: LoadRunReport,
        thresholds: [LoadThreshold],
        quiet: Bool,
        outputs: LoadOutputs,
        to terminal: Output
    ) -> ExitStatus {
        let summary = LoadSummary.text(report, thresholds: thresholds)
        if quiet {
            for line in summary.split(separator: "\n") where line.contains("FAILED") { terminal.line(String(line)) }
            for line in LoadSummary.errorLines(report) { terminal.line(line) }
        } else {
            terminal.write(summary)
        }
        // A run a signal stopped does not exit 0, whatever failed: the warning would say it does.
        if thresholds.isEmpty, !report.interrupted, let failed = LoadSummary.failureHeadline(report) {
            // k6's convention: no threshold, exit 0; but the run did not do what it was for.
            terminal.writeError("sdkbench load: warning: \(failed), and no threshold was set, so the run exits 0; ")
            terminal.writeError("add --threshold 'iteration_errors<1%' to fail it\n")
        }
        var status: ExitStatus = thresholds.allSatisfy { $0.holds(in: report) } ? .success : .expectation
        if !outputs.end(report, thresholds: thresholds) { status = .runtime }
        terminal.flush()
        return status
    }
}
