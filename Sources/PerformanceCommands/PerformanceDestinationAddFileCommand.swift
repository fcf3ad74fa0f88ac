import Performance
import Script
import Shell

enum PerformanceDestinationAddFileCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "file"],
        summary: "Store timings in daily JSON files (performance_YYYY-MM-DD.json)",
        options: [
            OptionSpec("dir", value: .directory, valueName: "DIR", "where to write (default: <state>/performance)"),
            OptionSpec("batch", value: .integer(1...1_000_000), valueName: "N", "write every N timings (default 10)"),
            OptionSpec("interval", value: .duration, valueName: "DURATION", "or after this long (default 30s)"),
        ] + PerformanceArguments.filterOptions,
        discussion: "Files older than 7 days are removed. A failed write is reported and retried at the next flush.",
        examples: ["perf destination add file", "perf destination add file --dir ./perf --batch 1", "perf destination add file --layer api"]
    ) { context in
        let host = context.session.performance
        let filter = try PerformanceArguments.filter(in: context)
        let batch = context.option("batch").flatMap { Int($0.text) } ?? 10
        let interval = context.option("interval").flatMap { DurationParser.seconds($0.text) } ?? 30
        let directory = context.option("dir").map(context.path) ?? host.defaultDirectory
        let secrets = context.session.secrets
        let destination = FileDestination(
            directory: directory,
            batchSize: batch,
            flushInterval: interval,
            clock: context.session.environment.clock,
            redact: { PerformanceSecretMasking.masked($0, by: secrets) }
        )
        let id = host.tracker.addDestination(destination, filter: filter)
        return PerformanceValues.destination(id: id, kind: "file", filter: filter, ["dir": .string(directory)])
    }
}
