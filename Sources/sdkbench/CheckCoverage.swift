import Shell

/// `check --coverage`: each suite's contract, statement by statement, with the rules that check
/// it or why none can, and the counts a reviewer asks for first.
enum CheckCoverage {
    static func text(_ suites: [ConformanceSuite]) -> String {
        var text = ""
        for suite in suites {
            let checked = suite.coverage.count { !$0.rules.isEmpty }
            text +=
                "\(suite.service): \(suite.coverage.count) statements, \(checked) checked by \(Set(suite.coverage.flatMap(\.rules)).count) rules, "
            text += "\(suite.coverage.count - checked) unchecked\n"
            for entry in suite.coverage {
                text += "  [\(entry.source)] \(entry.statement)\n"
                if let unchecked = entry.unchecked {
                    text += "      unchecked: \(unchecked)\n"
                } else {
                    text += "      rules: \(entry.rules.joined(separator: ", "))\n"
                }
            }
        }
        return text
    }
}
