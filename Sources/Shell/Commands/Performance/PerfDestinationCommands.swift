import Performance
import Script

enum PerfDestinationAddConsoleCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "console"], summary: "Print each recorded timing",
        options: [OptionSpec("level", value: .choice(["minimal", "standard", "verbose"]), valueName: "LEVEL", "how much to print (default standard)")],
        examples: ["perf destination add console", "perf destination add console --level verbose"]
    ) { context in
        let level: ConsoleDestination.Level =
            switch context.option("level")?.text {
            case "minimal": .minimal
            case "verbose": .verbose
            default: .standard
            }
        let tracker = context.session.performance.tracker
        let id = tracker.addDestination(ConsoleDestination(level: level))
        return .object(["id": .int(id), "kind": "console"])
    }
}

enum PerfDestinationAddFileCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "file"], summary: "Store timings in daily JSON files (performance_YYYY-MM-DD.json)",
        options: [
            OptionSpec("dir", value: .directory, valueName: "DIR", "where to write (default: <state>/performance)"),
            OptionSpec("batch", value: .integer(1...1_000_000), valueName: "N", "write every N timings (default 10)"),
            OptionSpec("interval", value: .duration, valueName: "DURATION", "or after this long (default 30s)"),
        ],
        discussion: "Files older than 7 days are removed. A failed write is reported and retried at the next flush.",
        examples: ["perf destination add file", "perf destination add file --dir ./perf --batch 1"]
    ) { context in
        let host = context.session.performance
        let batch = context.option("batch").flatMap { Int($0.text) } ?? 10
        let interval = context.option("interval").flatMap { DurationParser.seconds($0.text) } ?? 30
        let directory = context.option("dir").map(context.path) ?? host.defaultDirectory
        let destination = FileDestination(
            directory: directory, batchSize: batch, flushInterval: interval, clock: context.session.environment.clock)
        let id = host.tracker.addDestination(destination)
        return .object(["id": .int(id), "kind": "file", "dir": .string(directory)])
    }
}

enum PerfDestinationAddAnalyticsCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "analytics"], summary: "POST timings in batches to an analytics endpoint",
        arguments: [ArgumentSpec("URL", .text, "the endpoint, e.g. http://host/api/performance/batch; a /path goes to the configured host")],
        options: [
            OptionSpec("batch", value: .integer(1...1_000_000), valueName: "N", "send every N timings (default 50)"),
            OptionSpec("interval", value: .duration, valueName: "DURATION", "or after this long (default 60s)"),
        ],
        discussion: "A failed request keeps its timings for the next flush. Body: {\"entries\":[...],\"appVersion\":...,\"timestamp\":...}.",
        examples: ["perf destination add analytics /api/performance/batch --batch 1", "perf destination add analytics https://perf.example.com/api/performance/batch"]
    ) { context in
        let session = context.session
        let host = session.performance
        let batch = context.option("batch").flatMap { Int($0.text) } ?? 50
        let interval = context.option("interval").flatMap { DurationParser.seconds($0.text) } ?? 60
        let url = try HTTPItems.url(context.string("URL")) { () throws(ShellError) in
            try session.services.effectiveHost(at: context.command.range)
        }
        let insecure = session.services.configured?.insecure ?? false
        let (id, restored) = try host.addAnalytics(endpoint: url, batchSize: batch, flushInterval: interval, insecure: insecure, at: context.argument("URL"))
        return .object(["id": .int(id), "kind": "analytics", "url": .string(url), "restored": .int(restored)])
    }
}

enum PerfFlushCommand {
    static let spec = CommandSpec(
        ["perf", "flush"], summary: "Write or send what every destination holds, and wait for analytics requests",
        examples: ["perf flush"]
    ) { context in
        let host = context.session.performance
        try host.flush(at: context.command.range)
        return .null
    }
}

enum PerfDestinationListCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "list"], summary: "List destinations with their ids", examples: ["perf destination list"]
    ) { context in
        let destinations = context.session.performance.tracker.destinations
        for destination in destinations { context.session.output.line("\(destination.id)  \(destination.description)") }
        if destinations.isEmpty { context.session.output.line("(no destinations: timings stay in memory)") }
        return .array(destinations.map { .object(["id": .int($0.id), "description": .string($0.description)]) })
    }
}

enum PerfDestinationRemoveCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "remove"], summary: "Flush and remove a destination",
        arguments: [ArgumentSpec("ID", .integer(0...Int(Int32.max)), "the id 'perf destination list' shows")],
        examples: ["perf destination remove 1"]
    ) { context in
        let argument = context.argument("ID")!
        guard let id = Int(argument.text), context.session.performance.tracker.removeDestination(id: id) else {
            throw context.failure("no destination with id \(argument.text)", at: argument)
        }
        return .null
    }
}
