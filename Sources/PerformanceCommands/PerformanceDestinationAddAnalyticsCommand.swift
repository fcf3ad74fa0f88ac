import Performance
import Script
import Shell

enum PerformanceDestinationAddAnalyticsCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "analytics"],
        summary: "POST timings in batches to an analytics endpoint",
        arguments: [ArgumentSpec("URL", .text, "the endpoint, e.g. http://host/api/performance/batch; a /path goes to the configured host")],
        options: [
            OptionSpec("batch", value: .integer(1...1_000_000), valueName: "N", "send every N timings (default 50)"),
            OptionSpec("interval", value: .duration, valueName: "DURATION", "or after this long (default 60s)"),
        ] + PerformanceArguments.filterOptions,
        discussion: """
            A flush sends what is buffered in requests of at most N timings. A failed request keeps its timings for \
            the next flush, and the journal keeps them across runs: the next run restores the destination with these \
            settings only to deliver them, then retires it. Body: {"entries":[...],"appVersion":...,"timestamp":...}.
            """,
        examples: [
            "perf destination add analytics /api/performance/batch --batch 1",
            "perf destination add analytics https://perf.example.com/api/performance/batch --feature login --layer api",
        ]
    ) { context in
        let session = context.session
        let host = session.performance
        let batch = context.option("batch").flatMap { Int($0.text) } ?? 50
        let interval = context.option("interval").flatMap { DurationParser.seconds($0.text) } ?? 60
        let filter = try PerformanceArguments.filter(in: context)
        let url = try TypedURL.resolve(context.string("URL")) { () throws(ShellError) in
            try session.services.effectiveHost(at: context.command.range)
        }
        let insecure = session.services.configured?.insecure ?? false
        let settings = AnalyticsSettings(endpoint: url, batchSize: batch, flushInterval: interval, filter: filter)
        let (id, restored) = try await host.addAnalytics(settings, insecure: insecure, at: context.argument("URL"))
        return PerformanceValues.destination(id: id, kind: "analytics", filter: filter, ["url": .string(url), "restored": .int(restored)])
    }
}
