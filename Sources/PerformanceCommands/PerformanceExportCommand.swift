import JSON
import Performance
import Platform
import Script
import Shell
import Synchronization

enum PerformanceExportCommand {
    static let spec = CommandSpec(
        ["perf", "export"],
        summary: "Write timings to a CSV or JSON file, streamed",
        arguments: [
            ArgumentSpec("FORMAT", .choice(["csv", "json"]), "csv or json"),
            ArgumentSpec("PATH", .file(extensions: ["csv", "json"]), "the file to write (a regular file is replaced whole; - is stdout)"),
        ],
        options: [
            PerformanceArguments.featureOption, PerformanceArguments.layerOption,
            OptionSpec("all", "every stored daily file instead of the in-memory cache"),
            OptionSpec("dir", value: .directory, valueName: "DIR", "where the daily files are (with --all; default: the state directory)"),
        ],
        discussion: """
            CSV columns: id,feature,layer,startTime,endTime,duration,metadata,deviceModel,iosVersion; times ISO 8601 UTC \
            with milliseconds, duration in seconds, metadata k=v|k=v, quoted per RFC 4180.
            """,
        examples: ["perf export csv timings.csv", "perf export json deposit.json --feature deposit", "perf export csv all.csv --all"]
    ) { context in
        let format = context.string("FORMAT")
        let pathArgument = context.argument("PATH")!
        let toStandardOutput = pathArgument.text == OutputFile.standardOutput || pathArgument.text == "/dev/stdout"
        let path = pathArgument.text == OutputFile.standardOutput ? OutputFile.standardOutput : context.path(pathArgument)
        // The export writes the descriptor itself: what the shell printed before must come first.
        if toStandardOutput { context.events.flush() }
        let feature = try PerformanceArguments.name(context.option("feature"), "--feature", in: context)
        let layer = try PerformanceArguments.name(context.option("layer"), "--layer", in: context)
        let host = context.session.performance
        let written: Int
        let secrets = context.session.secrets
        let matches: (PerformanceEntry) -> Bool = { entry in
            (feature == nil || entry.feature == feature) && (layer == nil || entry.layer == layer)
        }
        do {
            if context.flag("all") {
                host.tracker.flush()
                let storage = PerformanceStorage(directory: context.option("dir").map(context.path) ?? host.defaultDirectory)
                let skipped = Mutex<(count: Int, first: String?)>((0, nil))
                let entries = storage.allEntries { file, line in
                    skipped.withLock { state in
                        state.count += 1
                        if state.first == nil { state.first = line == 0 ? "\(file) (unreadable)" : "\(file):\(line)" }
                    }
                }.lazy.filter(matches).map { PerformanceSecretMasking.masked($0, by: secrets) }
                defer {
                    let (count, first) = skipped.withLock { $0 }
                    if count > 0, let first {
                        context.events.warn("skipped \(count) line\(count == 1 ? "" : "s") that are not performance entries (first: \(first))")
                    }
                }
                written =
                    format == "csv"
                    ? try PerformanceExporter.writeCSV(entries, to: path)
                    : try PerformanceExporter.writeJSON(entries, to: path)
            } else {
                let entries = host.tracker.logs(feature: feature, layer: layer).lazy.map { PerformanceSecretMasking.masked($0, by: secrets) }
                written =
                    format == "csv"
                    ? try PerformanceExporter.writeCSV(entries, to: path)
                    : try PerformanceExporter.writeJSON(entries, to: path)
            }
        } catch {
            throw context.failure(error, action: "cannot export to '\(pathArgument.text)'", at: pathArgument)
        }
        return Shown(path: pathArgument.text, format: format, count: written, toStandardOutput: toStandardOutput)
    }

    /// How many entries went where. (A skipped line's warning is shown as it is found, before
    /// this: an export that fails after it still says it.)
    struct Shown: CommandView {
        let path: String
        let format: String
        let count: Int
        let toStandardOutput: Bool

        var value: Value { .object(["path": .string(path), "format": .string(format), "count": .int(count)]) }

        func render(into lines: inout TerminalLines) {
            let summary = "wrote \(count) \(count == 1 ? "entry" : "entries") to \(path)"
            // On stdout the summary would end up inside the data.
            if toStandardOutput { lines.writeError(summary + "\n") } else { lines.line(summary) }
        }
    }
}
