import JSON
import Platform
import Script
import Shell
import Transport

/// Listens to one file's run and keeps a test case per `expect`, and one for the command whose
/// error ended the run; commands of `source`d files count under their own file's name.
final class TestCaseCollector: RunListener {
    private let secrets: SecretValues
    /// The session's stop: an interruption it caused is named by its reason.
    private let stop: SessionStop?
    private(set) var testCases: [TestCase] = []
    private(set) var checkErrors: [ShellError] = []
    /// Every exchange the file's commands made, each under the command it finished with, rendered;
    /// kept only when `keepsEveryExchange` (`check` folds them into its rules' evidence).
    private(set) var exchanges: [TestExchange] = []
    /// `FILE:LINE: warning: …` for each exchange that went wrong without failing.
    private(set) var warnings: [String] = []
    /// The exchanges made since it was last asked (`TraceSink.takeExchanges`).
    private let takeExchanges: () -> [Exchange]
    private let keepsEveryExchange: Bool
    /// Ask `stop` to end the run at a request that found no server (`TestDriver.stopsWhenServerIsDead`).
    private let stopsWhenServerIsDead: Bool
    /// This collector stopped the run at a request that found no server: the line the stop
    /// interrupts next is no case of its own (the rules after it say "not checked").
    private var stoppedForNoServer = false
    /// The exchanges since the last test case, the last `evidenceLimit`, not yet rendered: a file of
    /// many requests renders only those a failure shows, and keeps no more than these.
    private var recent: [Exchange] = []
    private var linesOfSource: (name: String, lines: [Substring])?

    init(
        secrets: SecretValues,
        stop: SessionStop? = nil,
        keepsEveryExchange: Bool = false,
        stopsWhenServerIsDead: Bool = false,
        takeExchanges: @escaping () -> [Exchange] = { [] }
    ) {
        self.stopsWhenServerIsDead = stopsWhenServerIsDead
        self.secrets = secrets
        self.stop = stop
        self.keepsEveryExchange = keepsEveryExchange
        self.takeExchanges = takeExchanges
    }

    func checkFailed(_ errors: [ShellError], more: Int, in source: SourceFile) {
        checkErrors.append(contentsOf: errors)
    }

    func commandFinished(_ result: CommandResult, in source: SourceFile) {
        keepExchanges(of: result, in: source)
        let outcome: TestCaseOutcome
        switch result.outcome {
        case .ok:
            guard result.command == "expect" else { return }
            outcome = .passed
        case .expectationFailed(let failure, _):
            outcome = .failed(
                message: secrets.masked(failure.detail),
                actual: failure.actual.map { secrets.masked(JSONWriter.compact($0)) },
                expected: failure.expected.map { secrets.masked(JSONWriter.compact($0)) }
            )
        case .error(let error):
            // A sourced file's failure was counted where it happened; `source` only passes it on.
            if case .reported = error.kind { return }
            if case .interrupted = error.kind, let reason = stop?.reason {
                outcome = .error(message: reason)
            } else {
                outcome = .error(message: secrets.masked(error.message))
                if stopsWhenServerIsDead, Self.findsNoServer(error) {
                    stoppedForNoServer = true
                    stop?.request(because: "no server answered at \(source.name):\(result.range.start.line) (\(secrets.masked(error.message)))")
                }
            }
        case .interrupted:
            if stoppedForNoServer { return }
            outcome = .error(message: stop?.reason ?? "interrupted")
        }
        var testCase = TestCase(
            name: name(of: result, in: source),
            file: source.name,
            line: result.range.start.line,
            duration: result.duration,
            outcome: outcome
        )
        // A case that did not hold shows the exchanges since the case before it, the last few.
        if outcome != .passed { testCase.evidence = recent.map(render) }
        recent.removeAll(keepingCapacity: true)
        testCases.append(testCase)
    }

    /// Whether `error` is a request that found nothing listening, or no answer in time.
    static func findsNoServer(_ error: ShellError) -> Bool {
        guard case .engine(let failure) = error.kind, let network = failure.underlying as? NetworkError else { return false }
        return network.meansNoServer
    }

    /// At most this many exchanges are a case's evidence in `sdkbench test` (`check` shows a rule's).
    static let evidenceLimit = 8

    private func keepExchanges(of result: CommandResult, in source: SourceFile) {
        let line = result.range.start.line
        for exchange in takeExchanges() {
            let warning = droppedConnectionWarning(exchange)
            if let warning { warnings.append("\(source.name):\(line): warning: \(warning)") }
            if keepsEveryExchange { exchanges.append(TestExchange(file: source.name, line: line, text: render(exchange), warning: warning)) }
            if recent.count == Self.evidenceLimit { recent.removeFirst() }
            recent.append(exchange)
        }
    }

    /// The warning of an answer that came from sending the request again after the server dropped
    /// a kept-alive connection; `nil` for any other exchange.
    private func droppedConnectionWarning(_ exchange: Exchange) -> String? {
        guard case .success(let response) = exchange.result, response.resentAfterDroppedConnection else { return nil }
        let path = (try? ParsedURL(exchange.request.fullURL))?.pathAndQuery ?? exchange.request.fullURL
        return secrets.masked(TestExchange.droppedConnection(exchange.request.method.rawValue, Redactor.url(path)))
    }

    /// An exchange as the trace shows it, bodies cut at `TestExchange.bodyLimit`, secrets masked.
    private func render(_ exchange: Exchange) -> String {
        secrets.masked(ExchangeGenerator.render(exchange, secrets: secrets, bodyLimit: TestExchange.bodyLimit))
    }

    /// `# test: NAME` on the line before the command, else the command's first line as written;
    /// inside `repeat` blocks, with its iterations (`… [iteration 2]`, nested `[iteration 1.3]`),
    /// so that a JUnit consumer does not fold the iterations into one case.
    private func name(of result: CommandResult, in source: SourceFile) -> String {
        let name = baseName(of: result, in: source)
        guard !result.iterations.isEmpty else { return name }
        return name + " [iteration " + result.iterations.map(String.init).joined(separator: ".") + "]"
    }

    private func baseName(of result: CommandResult, in source: SourceFile) -> String {
        if linesOfSource?.name != source.name {
            linesOfSource = (source.name, source.text.split(separator: "\n", omittingEmptySubsequences: false))
        }
        let lines = linesOfSource!.lines
        let line = result.range.start.line
        if line >= 2, line - 2 < lines.count {
            let previous = SystemFiles.trimmed(lines[line - 2])
            if previous.hasPrefix("#"), let named = Self.testName(inComment: previous) { return secrets.masked(named) }
        }
        let text = line - 1 < lines.count ? SystemFiles.trimmed(lines[line - 1]) : result.command
        return secrets.masked(text.isEmpty ? result.command : text)
    }

    /// The NAME of `# test: NAME`.
    static func testName(inComment comment: String) -> String? {
        let body = comment.drop { $0 == "#" }.drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("test:") else { return nil }
        let name = SystemFiles.trimmed(body.dropFirst("test:".count))
        return name.isEmpty ? nil : name
    }
}
