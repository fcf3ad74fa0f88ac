import Shell

/// A suite file's report with one test case per rule instead of one per `expect`: a rule passed
/// when all its expects held, and otherwise ends as its first expect or command that did not (a
/// failure or an error, at that line); a rule none of whose expects ran is an error. What the set-up before the first rule asserted
/// stays as it is.
public enum ConformanceFold {
    public static func fold(_ report: TestFileReport, rules: [ConformanceRule], only: Set<String>? = nil) -> TestFileReport {
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
                folded.testCases.append(TestCase(
                    name: rule.title, file: report.file, line: rule.lines.lowerBound, duration: .zero,
                    outcome: .error(message: "not checked: the suite's set-up failed at line \(setUp.line): \(reason)")))
            }
            folded.status = .error
            return folded
        }
        for rule in chosen {
            let cases = ownCases.filter { rule.lines.contains($0.line) }
            // A rule that did not hold points at the line that showed it; one that held, at itself.
            let culprit = cases.first { $0.outcome != .passed }
            folded.testCases.append(TestCase(
                name: rule.title, file: report.file, line: culprit?.line ?? rule.lines.lowerBound,
                duration: cases.reduce(.zero) { $0 + $1.duration }, outcome: outcome(of: cases, stopped: report.status == .error)))
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

    private static func outcome(of cases: [TestCase], stopped: Bool) -> TestCaseOutcome {
        if let culprit = cases.first(where: { $0.outcome != .passed }) { return culprit.outcome }
        if cases.isEmpty { return .error(message: stopped ? "not run: the suite stopped before it" : "no expect of this rule ran") }
        return .passed
    }
}
