import Platform

/// `--out html=DIR` (`--report-html DIR`): one page, DIR/index.html, nothing from a network;
/// `html=-` writes the page to standard output.
final class LoadHTMLOutput: LoadOutput {
    static let kind = LoadOutputKind(
        name: "html",
        target: .directory,
        targetName: "DIR",
        summary: "an HTML report, DIR/index.html (one page, nothing from a network)",
        keepsIntervals: true
    ) { LoadHTMLOutput(directory: $0.target ?? OutputFile.standardOutput) }

    private let directory: String

    init(directory: String) {
        self.directory = directory
    }

    func end(_ end: LoadOutputEnd) throws(FileError) {
        let page = end.masked(LoadHTMLReport.generate(end.report, thresholds: end.thresholds))
        if directory == OutputFile.standardOutput {
            try OutputFile.write(Array(page.utf8), to: directory)
        } else {
            try HTMLReportDirectory.write(page, into: directory)
        }
    }
}
