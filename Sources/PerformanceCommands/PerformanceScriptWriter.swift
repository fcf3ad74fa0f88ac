import JSON
import Shell
import Transport

extension RecordingScriptWriter {
    /// The analytics destination's delivered batches as the timings that make them: the
    /// destination once (`perf destination add analytics {{server}}/api/performance/batch`), then
    /// per entry `perf start FEATURE LAYER key=value …` and `perf end FEATURE LAYER`, and `perf
    /// flush` at the recorded batch boundary. Durations are the replay's own. A refused batch, or
    /// one whose entries the commands cannot say, stays an `http` line.
    static let performance = RecordingScriptWriter { exchange, _, _, recording in
        PerformanceScriptLines.write(exchange, into: &recording)
    }
}

/// Writing analytics batches as commands, for `RecordingScriptWriter.performance`.
enum PerformanceScriptLines {
    static func write(_ exchange: RecordedExchange, into recording: inout RecordingScript) -> Bool {
        guard let status = exchange.status, (200..<300).contains(status),
            case .object(let batch)? = try? JSONParser.parse(String(decoding: exchange.requestBody, as: UTF8.self)),
            case .array(let entries)? = batch["entries"], !entries.isEmpty
        else { return false }
        var lines: [String] = []
        for case .object(let entry) in entries {
            guard case .string(let feature)? = entry["feature"], case .string(let layer)? = entry["layer"],
                ScriptWord.isBareWord(feature), ScriptWord.isBareWord(layer)
            else { return false }
            var start = ["perf start", feature, layer]
            if case .object(let metadata)? = entry["metadata"] {
                for (key, value) in metadata {
                    guard ScriptWord.isPlainKey(key), case .string(let text) = value else { return false }
                    start.append(recording.parameter(key, .string(text), what: "the timing metadata \(key)"))
                }
            }
            lines.append(start.joined(separator: " "))
            lines.append("perf end \(feature) \(layer)")
        }
        guard lines.count == entries.count * 2 else { return false }
        if recording.notes["perf.destination"] == nil {
            recording.notes["perf.destination"] = "written"
            // One batch for each recorded one: a large size, and a flush where the recording's batch ended.
            // A path goes to the configured host: the way to the embedded backend when the server is `local`.
            let url = recording.serverIsLocal ? ScriptWord(exchange.path) : ScriptWord.variable("server") + exchange.path
            recording.append("perf destination add analytics " + url.text + " --batch 1000")
        }
        for line in lines { recording.append(line) }
        recording.append("perf flush")
        return true
    }
}
