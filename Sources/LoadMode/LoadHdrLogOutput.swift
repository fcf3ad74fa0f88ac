import Platform

/// `--out hdr=FILE` (`--hdr-log FILE`): HdrHistogram's interval log, a line per kind and second.
final class LoadHdrLogOutput: LoadOutput {
    static let kind = LoadOutputKind(
        name: "hdr",
        target: .file,
        targetName: "FILE",
        summary: "HdrHistogram's interval log: a line per kind and second",
        keepsIntervals: true,
        mergeRefusal: "the segments' JSON reports hold no second-by-second histograms; keep each segment's log (--out hdr=FILE)"
    ) { LoadHdrLogOutput(path: $0.target ?? OutputFile.standardOutput) }

    private let path: String

    init(path: String) {
        self.path = path
    }

    func end(_ end: LoadOutputEnd) throws(FileError) {
        let text = HdrIntervalLog.text(end.report.metrics.intervals, startTime: end.report.startedAt)
        try OutputFile.write(Array(end.masked(text).utf8), to: path)
    }
}
