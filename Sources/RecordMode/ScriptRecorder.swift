import Shell
import Transport

/// Turns recorded exchanges into the `.sdk` script a person would have written: the server named
/// once (`set server URL --default`, which `--var server=URL` overrides), each engine's calls as
/// its own commands (through each module's recognizer), everything else as `http` lines checked
/// with `expect last.status == N`, secrets as `{{secret_NAME}}` variables listed in the header,
/// and values one answer produced and a later request sent as captures. `sdkbench import har`
/// and `sdkbench proxy --record` both call it.
///
/// ```swift
/// let recorder = ScriptRecorder(catalog: .standard, options: RecordOptions(asLoad: true))
/// let script = recorder.script(from: exchanges)
/// try AtomicFile.write(Array(script.text.utf8), to: "app.sdk")
/// for line in script.summary.lines { print(line) }   // never a secret's value
/// ```
package struct ScriptRecorder: Sendable {
    package let catalog: ShellCatalog
    package let options: RecordOptions
    /// Says where the recording came from in the script's first line (`import har app.har`).
    package var source: String

    package init(catalog: ShellCatalog, options: RecordOptions, source: String = "a recording") {
        self.catalog = catalog
        self.options = options
        self.source = source
    }

    /// The script, and what became of each exchange (`exchange N`, from 1).
    package func script(from exchanges: [RecordedExchange]) -> RecordedScript {
        var recording = ScriptRecording(self)
        for exchange in exchanges { recording.add(exchange) }
        return recording.finish()
    }

    /// `lines` with each capture after the line it follows; captures after the same line go in
    /// the reverse of the order they were made. One pass: inserting each into the array was
    /// quadratic (130 s for a 100,000-entry HAR with 25,000 captures; scripts/bench/import_bench.py).
    static func inserting(_ captures: [(after: Int, line: String)], into lines: [String]) -> [String] {
        guard !captures.isEmpty else { return lines }
        var at: [Int: [String]] = [:]
        for capture in captures { at[capture.after, default: []].append(capture.line) }
        var result: [String] = []
        result.reserveCapacity(lines.count + captures.count)
        for index in 0...lines.count {
            if let inserted = at[index] { result += inserted.reversed() }
            if index < lines.count { result.append(lines[index]) }
        }
        return result
    }

    func header(server: String, secrets: [RecordingScript.Secret], summary: RecordSummary) -> String {
        var lines = [
            "# Recorded from \(source) by sdkbench: \(summary.sdkCommands) exchange\(summary.sdkCommands == 1 ? "" : "s") as SDK commands, "
                + "\(summary.httpLinesText), \(summary.skipped.count) skipped."
        ]
        let secretOptions = secrets.map { " --secret \($0.variable)=…" }.joined()
        if options.asLoad {
            lines.append("# Load it: sdkbench load FILE.sdk --devices 10\(secretOptions)")
        } else {
            lines.append("# Test it: sdkbench test FILE.sdk\(secretOptions)")
        }
        if !secrets.isEmpty {
            lines.append("# Secrets: pass each with --secret NAME=VALUE, or all as NAME=VALUE lines with --secrets-file FILE.")
            for secret in secrets {
                let short = secret.value.count < 8 ? " (shorter than 8 characters: add --allow-short)" : ""
                lines.append("#   \(secret.variable): \(secret.what)\(short)")
            }
        }
        // A default: `--var server=URL` given to run or test replays the recording against another server.
        lines.append("set server " + ScriptWord(server).text + " --default")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Why an exchange is left out by the options, for lack of an answer, or because no line
    /// could send it (the script would not check, and none of it would run); `nil` to keep it.
    func filterReason(_ exchange: RecordedExchange) -> String? {
        let parsed = exchange.url.hasPrefix("/") ? nil : try? ParsedURL(exchange.url)
        if !options.onlyHosts.isEmpty {
            let host = parsed?.host ?? ""
            let authority = parsed?.authority ?? ""
            if !options.onlyHosts.contains(where: { $0.lowercased() == host.lowercased() || $0.lowercased() == authority.lowercased() }) {
                return "not an --only host: \(parsed?.authority ?? exchange.url)"
            }
        }
        if let pattern = options.skipPatterns.first(where: { Self.matches(exchange.url, $0) }) { return "matches --skip \(pattern)" }
        if HTTPMethod(name: exchange.method) == nil { return "a method the http command cannot send: '\(exchange.method.prefix(40))'" }
        if !exchange.url.hasPrefix("/") {
            if let scheme = TypedURL.unsupportedScheme(exchange.url) { return "not an http(s) URL: scheme '\(scheme)'" }
            if parsed == nil { return "not a URL the http command can send: '\(Redactor.url(exchange.url))'" }
        }
        guard let status = exchange.status else { return "no answer" }
        if status == 0 { return "no answer (status 0)" }
        if !(100...999).contains(status) { return "status \(status) is not an HTTP status (100-999)" }
        return nil
    }

    /// A failed request the SDK sent again as it was: the script's command retries by itself.
    static func isRetried(_ exchange: RecordedExchange, by next: RecordedExchange) -> Bool {
        guard let status = exchange.status, status >= 500 || status == 429 else { return false }
        return next.method == exchange.method && next.url == exchange.url && next.requestBody == exchange.requestBody
    }

    /// Whether the URL holds `pattern`, where `*` matches any text.
    static func matches(_ url: String, _ pattern: String) -> Bool {
        var rest = Substring(url)
        for piece in pattern.split(separator: "*") {
            guard let found = rest.firstRange(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    static func origin(of url: String?) -> String? {
        guard let url, !url.hasPrefix("/") else { return nil }
        return (try? ParsedURL(url))?.origin
    }
}
