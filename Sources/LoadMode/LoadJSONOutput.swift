import Platform

/// `--out json=FILE` (`--report-json FILE`): the JSON report, which `load merge` reads back.
final class LoadJSONOutput: LoadOutput {
    static let kind = LoadOutputKind(
        name: "json",
        target: .file,
        targetName: "FILE",
        summary: "the JSON report (schema sdkbench-load-report, version 2)"
    ) { LoadJSONOutput(path: $0.target ?? OutputFile.standardOutput) }

    private let path: String

    init(path: String) {
        self.path = path
    }

    func end(_ end: LoadOutputEnd) throws(FileError) {
        try OutputFile.write(Array(end.masked(LoadJSONReport.generate(end.report, thresholds: end.thresholds)).utf8), to: path)
    }
}
