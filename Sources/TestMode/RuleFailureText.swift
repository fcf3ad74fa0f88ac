/// A conformance rule that did not hold, as `check` shows it on the terminal, in pytest's order:
/// the rule's id and title, each expect that failed with its message, the exchange each of them
/// read, and the line that checks that rule alone again.
///
/// The runner's own rendering (`miataru.sdk:70:1: error: …` with a caret under a line of a suite
/// file the user never sees) named neither the rule nor how to run it again.
struct RuleFailureText {
    let testCase: TestCase
    /// Every exchange of the rule (`--verbose`), not only the last one, which showed the failure.
    let allEvidence: Bool
    /// The command line that checks the rule with this id again.
    let rerun: (String) -> String

    var text: String {
        let id = String(testCase.name.prefix { $0 != " " })
        let title = testCase.name.dropFirst(id.count).drop { $0 == " " || $0 == "—" }
        var out = ""
        switch testCase.outcome {
        case .passed:
            return ""
        case .failed(let message, _, _):
            out += "FAILED \(id)\n  \(title)\n"
            out += Self.steps(message, first: testCase.line, kind: "expect failed").map { "  " + $0 + "\n" }.joined()
        case .error(let message):
            out += "ERROR  \(id)\n  \(title)\n"
            out += Self.steps(message, first: testCase.line, kind: "error").map { "  " + $0 + "\n" }.joined()
        }
        let shown = allEvidence || testCase.showingEvidence.isEmpty ? testCase.evidence : testCase.showingEvidence
        if !shown.isEmpty {
            let all =
                shown.count == testCase.evidence.count ? "" : " (the exchanges the failed lines read; --verbose shows all \(testCase.evidence.count))"
            out += "  what the server did\(all):\n"
            for exchange in shown {
                out += exchange.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
                if !out.hasSuffix("\n") { out += "\n" }
            }
        }
        out += "  rerun: \(rerun(id))\n\n"
        return out
    }

    /// The folded message (`first; then line N: expect failed: second …`) as a line a step.
    private static func steps(_ message: String, first line: Int, kind: String) -> [String] {
        let parts = message.components(separatedBy: "; then line ")
        var steps = ["line \(line): \(kind): \(parts[0])"]
        for part in parts.dropFirst() { steps.append("line " + part) }
        return steps
    }
}
