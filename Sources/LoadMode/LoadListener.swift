import Script
import Shell

/// Listens to a device's iterations: each `expect` is a check (a failed one does not stop the
/// iteration), and while an `http` command runs its line as written names the exchanges it makes.
final class LoadListener: RunListener {
    private let metrics: LoadMetrics
    private let label: RequestLabel
    /// Each statement's kind ("" for a line that is not `http`), by where it is: a device runs
    /// the same lines every iteration, and working the kind out again would be paid by each.
    /// Keyed by the range alone, the file's name beside the kind, so no name is hashed per
    /// statement (the CPU s per 1,000 requests of scripts/bench/load_bench.py). Two files' lines at one range take turns.
    private var kinds: [SourceRange: (source: String, kind: String)] = [:]
    /// The run's script's kinds, worked out once for every device (`scriptKinds`) rather than by
    /// each on its first iteration (load_bench.py's 64-device CPU s per 1,000 requests).
    private let shared: ScriptKinds?

    /// The kinds of one file's statements by where they are, worked out once for every device.
    struct ScriptKinds: Sendable {
        let source: String
        let kinds: [SourceRange: String]
        /// `kinds` by the line their statement starts on (`nil` where none, or two, start): an
        /// array read by line is cheaper than hashing the range for every statement of every
        /// iteration (the CPU s per 1,000 requests of scripts/bench/load_bench.py). Made here,
        /// once: made by each device's listener it was 224 bytes a device.
        let byLine: [(range: SourceRange, kind: String)?]

        init(source: String, kinds: [SourceRange: String]) {
            self.source = source
            self.kinds = kinds
            var byLine: [(range: SourceRange, kind: String)?] = []
            var lines: Set<Int> = []
            for (range, kind) in kinds where range.start.line >= 0 {
                let line = range.start.line
                if line >= byLine.count { byLine += Array(repeating: nil, count: line + 1 - byLine.count) }
                byLine[line] = lines.insert(line).inserted ? (range, kind) : nil
            }
            self.byLine = byLine
        }
    }

    init(metrics: LoadMetrics, label: RequestLabel, scriptKinds: ScriptKinds? = nil) {
        self.metrics = metrics
        self.label = label
        shared = scriptKinds
    }

    /// Each statement's kind of `source` ("" for a line that is not `http`), by where it is;
    /// none when it does not parse.
    static func kinds(of source: SourceFile) -> ScriptKinds? {
        guard let statements = try? Parser.parse(source) else { return nil }
        var kinds: [SourceRange: String] = [:]
        for statement in statements { kinds[statement.range] = kind(of: statement) }
        return ScriptKinds(source: source.name, kinds: kinds)
    }

    func commandStarting(_ statement: Statement, in source: SourceFile) {
        let kind: String
        if let shared, shared.source == source.name, let known = sharedKind(of: statement.range, in: shared) {
            kind = known
        } else if let known = kinds[statement.range], known.source == source.name {
            kind = known.kind
        } else {
            kind = Self.kind(of: statement)
            kinds[statement.range] = (source.name, kind)
        }
        if !kind.isEmpty { label.value = kind }
    }

    /// The kind of the script's statement at `range`: by its line, else (two on one line) by its range.
    private func sharedKind(of range: SourceRange, in shared: ScriptKinds) -> String? {
        let line = range.start.line
        if line >= 0, line < shared.byLine.count, let entry = shared.byLine[line], entry.range == range { return entry.kind }
        return shared.kinds[range]
    }

    /// The kind an `http` line's exchanges are counted under; "" for any other line.
    static func kind(of statement: Statement) -> String {
        let words = statement.tokens.compactMap(\.word)
        guard words.first?.literal == "http" else { return "" }
        let hasParameters = statement.tokens.contains { token in
            switch token.kind {
            case .parameter, .typedParameter: return true
            case .word, .option: return false
            }
        }
        return httpKind(words.dropFirst().map(\.displayText), hasParameters: hasParameters)
    }

    func commandFinished(_ result: CommandResult, in source: SourceFile) {
        label.value = nil
        switch result.outcome {
        case .ok: if result.command == "expect" { metrics.check(passed: true) }
        case .expectationFailed: metrics.check(passed: false)
        case .error, .interrupted: break
        }
    }

    /// `http GET /users/{{id}}` from the words after `http`: the method as written (GET, or POST
    /// when the line has body fields, as the command decides) and the first word that is a URL.
    static func httpKind(_ words: [String], hasParameters: Bool) -> String {
        let methods: Set<String> = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
        var rest = words[...]
        var method: String?
        if let first = rest.first, methods.contains(first.uppercased()) {
            method = first.uppercased()
            rest = rest.dropFirst()
        }
        let url = rest.first { !$0.hasPrefix("-") } ?? ""
        let hasBody = hasParameters || rest.dropFirst().contains { word in word.contains("=") && !word.contains("==") }
        // As written, but for a password in the URL and secret-named query values: a kind is in
        // the summary and every report.
        return "http " + (method ?? (hasBody ? "POST" : "GET")) + " " + Redactor.url(url)
    }
}
