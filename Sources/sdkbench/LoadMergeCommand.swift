import ArgumentParser
import LoadMode
import Platform
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench load merge REPORT...`: the JSON reports of a sharded run's segments as one run.
struct LoadMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JSON reports of a sharded run's segments (load --segment K/N --report-json) into one summary.",
        discussion: """
            Counts, statuses, errors, bytes, checks, iterations and devices add up; each kind's latency histograms \
            add up (HdrHistogram), so the percentiles are the whole run's; the run lasted as long as its longest \
            segment. Thresholds are judged on the merged figures (exit 4 when one fails). Only the segments of one \
            run are merged: a segment given twice, mixed N (1/2 with 1/3, a whole run with a segment), another \
            script or plan are refused, and so are segments missing unless --allow-partial (exit 1).
            """
    )

    @Option(
        name: .customLong("threshold"),
        parsing: .singleValue,
        help: ArgumentHelp("A rule the merged run must meet (as load's).", valueName: "EXPR")
    )
    var thresholds: [String] = []

    @Option(
        name: .customLong("out"),
        parsing: .singleValue,
        help: ArgumentHelp("Send the merged run to an output, as load's (repeatable; not hdr nor progress).", valueName: "KIND=TARGET"),
        completion: .list(LoadOutputRegistry.standard.kinds.filter { $0.mergeRefusal == nil }.map { $0.target == .absent ? $0.name : $0.name + "=" })
    )
    var out: [String] = []

    @Option(
        name: .customLong("report-json"),
        help: ArgumentHelp("Write the merged JSON report: --out json=FILE.", valueName: "FILE"),
        completion: .file(extensions: ["json"])
    )
    var json: String?

    @Option(
        name: .customLong("report-html"),
        help: ArgumentHelp("Write the merged HTML report, DIR/index.html: --out html=DIR.", valueName: "DIR"),
        completion: .directory
    )
    var html: String?

    @Flag(help: "Print only the thresholds that failed and the iterations' errors.")
    var quiet = false

    @Flag(name: .customLong("allow-partial"), help: "Merge the segments given though some are missing (the summary says how many of N).")
    var allowPartial = false

    @Argument(help: ArgumentHelp("The segments' JSON reports.", valueName: "REPORT"), completion: .file(extensions: ["json"]))
    var reports: [String]

    func validate() throws {
        if reports.isEmpty { throw ValidationError("name the segments' JSON reports") }
        _ = try LoadReporting.thresholds(thresholds)
        try LoadOutputChoice.reportTargets(outputSpecs()).check()
    }

    /// The outputs asked for: the `--out`s and the report shorthands; refused, those a merge
    /// cannot write (it has the segments' JSON reports, no run).
    func outputSpecs() throws(ValidationError) -> [LoadOutputSpec] {
        let specs = try LoadOutputChoice.specs(
            out: out,
            shorthands: [.init(option: "--report-json", kind: "json", target: json), .init(option: "--report-html", kind: "html", target: html)]
        )
        for spec in specs {
            if let refusal = spec.kind.mergeRefusal { throw ValidationError("\(spec.option): load merge cannot write it: \(refusal)") }
        }
        return specs
    }

    func run() throws {
        var texts: [(name: String, text: String)] = []
        for path in reports {
            do {
                texts.append((path, try FileReader.readText(path)))
            } catch {
                throw ValidationError("cannot read '\(path)': \(error.reason)")
            }
        }
        let merged: LoadRunReport
        do {
            merged = try LoadReportMerge.merge(texts, allowingPartial: allowPartial)
        } catch {
            throw ValidationError(error.message)
        }
        let specs = try outputSpecs()
        let terminal = Output(destination: LoadOutputChoice.reportTargets(specs).terminalDestination)
        let outputs = LoadOutputs(specs, terminal: terminal, environment: ProcessEnvironment.current())
        let status = LoadRunEnd.finish(merged, thresholds: try LoadReporting.thresholds(thresholds), quiet: quiet, outputs: outputs, to: terminal)
        Glibc.exit(status.rawValue)
    }
}
