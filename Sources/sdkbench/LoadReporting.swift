import ArgumentParser
import LoadMode
import Platform
import Shell
import TestMode

/// What `load` and `load merge` do with a finished run: the thresholds they judge it by, the
/// summary (or only the failed thresholds with `--quiet`), the report files, the exit status.
enum LoadReporting {
    static func thresholds(_ texts: [String]) throws(ValidationError) -> [LoadThreshold] {
        var parsed: [LoadThreshold] = []
        for text in texts {
            do {
                parsed.append(try LoadThreshold(text))
            } catch {
                throw ValidationError(error.message)
            }
        }
        return parsed
    }

    /// Prints and writes (with `--quiet`, the failed thresholds and the iterations' errors);
    /// `.expectation` when a threshold failed, `.runtime` when a file could not be written.
    static func finish(
        _ report: LoadRunReport, thresholds: [LoadThreshold], quiet: Bool, json: String?, html: String? = nil, more: [(path: String, text: String)] = [],
        to terminal: Output
    ) -> ExitStatus {
        let summary = LoadSummary.text(report, thresholds: thresholds)
        if quiet {
            for line in summary.split(separator: "\n") where line.contains("FAILED") { terminal.line(String(line)) }
            for line in LoadSummary.errorLines(report) { terminal.line(line) }
        } else {
            terminal.write(summary)
        }
        var status: ExitStatus = thresholds.allSatisfy { $0.holds(in: report) } ? .success : .expectation
        let outputs = (json.map { [($0, LoadJSONReport.generate(report, thresholds: thresholds))] } ?? []) + more
        for (path, text) in outputs {
            do {
                try OutputFile.write(Array(terminal.secrets.masked(text).utf8), to: path)
            } catch {
                terminal.writeError("sdkbench load: \(error)\n")
                status = .runtime
            }
        }
        if let html {
            do {
                try HTMLReportDirectory.write(terminal.secrets.masked(LoadHTMLReport.generate(report, thresholds: thresholds)), into: html)
            } catch {
                terminal.writeError("sdkbench load: \(error.description)\n")
                status = .runtime
            }
        }
        terminal.flush()
        return status
    }
}
