import Shell

/// A suite file's report with one test case per rule instead of one per `expect`: a rule passed
/// when all its expects held, and otherwise ends as its first expect or command that did not (a
/// failure, even when a later line erred, or an error, at that line), its message listing the
/// later ones; a rule none of whose expects ran is an error. A rule that did not pass carries its
/// exchanges as evidence, and every rule the warnings of its exchanges. What the set-up before the
/// first rule asserted stays as it is.
package enum ConformanceFold {
    package static func fold(_ report: TestFileReport, rules: [ConformanceRule], only: Set<String>? = nil) -> TestFileReport {
        guard report.status != .broken else { return report }
        var folded = report
        let chosen = only.map { only in rules.filter { only.contains($0.id) } } ?? rules
        let ownCases = report.testCases.filter { $0.file == report.file }
        folded.testCases = ownCases.filter { testCase in !rules.contains { $0.lines.contains(testCase.line) } }
        // A set-up that failed (the server not configured, say) makes whatever the rules saw
        // beside the point: they ran somewhere else, or not at all.
        let firstRule = rules.map(\.lines.lowerBound).min() ?? Int.max
        if let setUp = ownCases.first(where: { $0.line < firstRule && $0.outcome != .passed }) {
            let reason: String
            switch setUp.outcome {
            case .error(let message), .failed(let message, _, _): reason = message
            case .passed: reason = ""
            }
            for rule in chosen {
                folded.testCases.append(
                    TestCase(
                        name: rule.title,
                        file: report.file,
                        line: rule.lines.lowerBound,
                        duration: .zero,
                        outcome: .error(message: "not checked: the suite's set-up failed at line \(setUp.line): \(reason)")
                    )
                )
            }
            folded.status = .error
            return folded
        }
        let ownExchanges = report.exchanges.filter { $0.file == report.file }
        for rule in chosen {
            let cases = ownCases.filter { rule.lines.contains($0.line) }
            // A rule that did not hold points at the line that showed it; one that held, at itself.
            let culprit = cases.first { $0.outcome != .passed }
            var testCase = TestCase(
                name: rule.title,
                file: report.file,
                line: culprit?.line ?? rule.lines.lowerBound,
                duration: cases.reduce(.zero) { $0 + $1.duration },
                outcome: outcome(of: cases, stopped: report.status == .error, because: report.stoppedBecause)
            )
            let exchanges = ownExchanges.filter { rule.lines.contains($0.line) }
            testCase.warnings = exchanges.compactMap(\.warning)
            if testCase.outcome != .passed {
                // What the server did, up to the last line that did not hold.
                let last = cases.last { $0.outcome != .passed }?.line ?? rule.lines.upperBound
                let before = exchanges.filter { $0.line <= last }
                testCase.evidence = before.map(\.text)
                var showing: [String] = []
                for failed in cases where failed.outcome != .passed {
                    if let read = before.last(where: { $0.line < failed.line }), !showing.contains(read.text) { showing.append(read.text) }
                }
                testCase.showingEvidence = showing
            }
            folded.testCases.append(testCase)
        }
        // A sourced file's cases count toward the rule that sourced it no more than by line:
        // they are kept as they are.
        folded.testCases += report.testCases.filter { $0.file != report.file }
        if folded.testCases.contains(where: { if case .error = $0.outcome { true } else { false } }) {
            folded.status = .error
        } else if folded.testCases.contains(where: { if case .failed = $0.outcome { true } else { false } }) {
            folded.status = .failed
        } else {
            folded.status = .passed
        }
        return folded
    }

    /// As the first line that did not hold: failed when an expect failed, even if a later line erred
    /// (a CI user must see the defect, not the error it caused); an error when a line erred first,
    /// since the expects after it read what never came. The message lists every later line that did
    /// not hold.
    private static func outcome(of cases: [TestCase], stopped: Bool, because reason: String?) -> TestCaseOutcome {
        let notPassed = cases.filter { $0.outcome != .passed }
        if let first = notPassed.first {
            let later = notPassed.dropFirst().map { other -> String in
                switch other.outcome {
                case .failed(let message, _, _): "; then line \(other.line): expect failed: \(message)"
                case .error(let message): "; then line \(other.line): error: \(message)"
                case .passed: ""
                }
            }.joined()
            switch first.outcome {
            case .failed(let message, let actual, let expected): return .failed(message: message + later, actual: actual, expected: expected)
            case .error(let message): return .error(message: message + later)
            case .passed: break
            }
        }
        if cases.isEmpty {
            if let reason, stopped { return .error(message: "not checked: \(reason)") }
            return .error(message: stopped ? "not run: the suite stopped before it" : "no expect of this rule ran")
        }
        return .passed
    }
}
