import Shell
import Transport

/// A `ScriptRecorder` fed one exchange at a time: `import har` records while another thread still
/// reads and parses the file (each was about half of the time; scripts/bench/import_bench.py).
/// The script is the one `ScriptRecorder.script(from:)` makes of the same exchanges.
package struct ScriptRecording {
    private let recorder: ScriptRecorder
    private let keys: RecognizerKeys
    private var summary = RecordSummary()
    /// Entries the HAR reader left out, then those left out by the options or for lack of an
    /// answer: listed before the others.
    private var unread: [RecordSummary.Skip] = []
    private var filtered: [RecordSummary.Skip] = []
    private var skipped: [RecordSummary.Skip] = []
    /// What a place is called, `exchange` or a HAR's `entry`: one word and one numbering for a run.
    private let placeName: String
    private var place = 0
    /// Exchanges added and entries left out.
    private var count = 0
    /// Made again at the first exchange kept, whose origin names the server.
    private var server = "local"
    private var recording: RecordingScript
    private var correlations = Correlations(reserved: ["server", "device", "i", "last"])
    private var httpLines: HTTPLineWriter
    private var started = false
    /// The last exchange kept, written when the next shows whether the SDK retried it.
    private var pending: (place: Int, exchange: RecordedExchange)?

    /// - Parameter placeName: what the summary calls an exchange's place (`exchange 3`, `entry 3`).
    package init(_ recorder: ScriptRecorder, placeName: String = "exchange") {
        self.recorder = recorder
        self.placeName = placeName
        var keys = RecognizerKeys()
        for secret in recorder.options.secrets where secret.name.contains(".") { keys[secret.name] = RecognizerKeys.bytes(of: secret.value) }
        self.keys = keys
        recording = RecordingScript(server: server, asLoad: recorder.options.asLoad)
        httpLines = HTTPLineWriter(server: server)
    }

    /// The next exchange, in the order they happened; `place` when its number is not the next one
    /// (a HAR's entry after entries the reader left out).
    package mutating func add(_ exchange: RecordedExchange, place: Int? = nil) {
        self.place = place ?? self.place + 1
        count += 1
        if let reason = recorder.filterReason(exchange) {
            filtered.append(RecordSummary.Skip(place: "\(placeName) \(self.place)", reason: reason))
            return
        }
        if !started { start(firstURL: exchange.url) }
        if let pending { write(pending, next: (self.place, exchange)) }
        pending = (self.place, exchange)
    }

    /// An entry the reader could not make an exchange of, counted with the others.
    package mutating func skip(_ place: String, reason: String) {
        count += 1
        unread.append(RecordSummary.Skip(place: place, reason: reason))
    }

    /// The script of every exchange added.
    package mutating func finish() -> RecordedScript {
        if let pending { write(pending, next: nil) }
        pending = nil
        if !started { start(firstURL: nil) }
        summary.exchanges = count
        summary.skipped = unread + filtered + skipped
        let lines = ScriptRecorder.inserting(correlations.captures, into: recording.lines)
        // A last guard: a secret's value an engine wrote as text becomes its variable too.
        var body = lines.joined(separator: "\n") + "\n"
        var secrets = recording.secrets
        for secret in recording.givenSecrets + recording.secrets
        where secret.value.utf8.count >= 4 && body.containsBytes(of: secret.value) {
            body = body.replacing(secret.value, with: "{{\(secret.variable)}}")
            if !secrets.contains(secret) { secrets.append(secret) }
        }
        summary.secrets = secrets.map { ($0.variable, $0.what) }
        summary.captures = correlations.variables
        return RecordedScript(text: recorder.header(server: server, secrets: secrets, summary: summary) + body, summary: summary)
    }

    private mutating func start(firstURL: String?) {
        started = true
        let options = recorder.options
        let origin = ScriptRecorder.origin(of: firstURL)
        server = options.server.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? origin ?? "local"
        recording = RecordingScript(server: server, asLoad: options.asLoad, givenSecrets: options.secrets)
        httpLines = HTTPLineWriter(server: origin ?? server, pathsOnly: server == "local")
        // Paths, Hamon and Sift follow the configured host: `local` or a `--var server=URL`.
        if recording.serverIsLocal { recording.configureHost() }
    }

    /// Writes one kept exchange.
    private mutating func write(_ item: (place: Int, exchange: RecordedExchange), next: (place: Int, exchange: RecordedExchange)?) {
        let exchange = item.exchange
        if let next, ScriptRecorder.isRetried(exchange, by: next.exchange) {
            skipped.append(
                RecordSummary.Skip(place: "\(placeName) \(item.place)", reason: "retried by the SDK: \(placeName) \(next.place) sends it again")
            )
            return
        }
        if recorder.catalog.modules.contains(where: { $0.recognizer?.scriptLines(for: exchange, keys: keys, into: &recording) == true }) {
            summary.sdkCommands += 1
            return
        }
        if let reason = httpLines.write(exchange, into: &recording, correlations: &correlations) {
            skipped.append(RecordSummary.Skip(place: "\(placeName) \(item.place)", reason: reason))
            return
        }
        summary.httpLines += 1
        correlations.read(exchange, lineCount: recording.lines.count)
    }
}
