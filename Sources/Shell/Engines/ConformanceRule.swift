/// One rule of a conformance suite: `# rule: ID — SOURCE: WHAT IT CHECKS` and the lines after it,
/// up to the next rule.
package struct ConformanceRule: Sendable, Equatable {
    /// Stable, dotted: `miataru.update.refused-write-not-stored`.
    package let id: String
    /// The contract it comes from (`API 1.1`, `wire notes`).
    package let source: String
    /// One line of what is checked.
    package let summary: String
    /// The rule's comment line and the last line of its section (1-based, inclusive).
    package let lines: ClosedRange<Int>

    package init(id: String, source: String, summary: String, lines: ClosedRange<Int>) {
        self.id = id
        self.source = source
        self.summary = summary
        self.lines = lines
    }

    /// How a report names the rule's one test case.
    package var title: String { "\(id) — \(source): \(summary)" }

    static let marker = "# rule: "

    /// The rules of a suite's script. A rule line that does not read `ID — SOURCE: SUMMARY` keeps
    /// what it has: the id is the first word.
    static func parse(_ script: String) -> [ConformanceRule] {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        var starts: [(line: Int, text: Substring)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix(marker) {
            starts.append((index + 1, line.dropFirst(marker.count)))
        }
        let lastLine = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        return starts.enumerated().map { position, start in
            let end = position + 1 < starts.count ? starts[position + 1].line - 1 : max(start.line, lastLine)
            let id = start.text.prefix { $0 != " " }
            var rest = start.text.dropFirst(id.count).drop { $0 == " " }
            if rest.hasPrefix("—") { rest = rest.dropFirst().drop { $0 == " " } }
            let source = rest.firstRange(of: ": ").map { rest[..<$0.lowerBound] } ?? ""
            let summary = rest.firstRange(of: ": ").map { rest[$0.upperBound...] } ?? rest
            return ConformanceRule(id: String(id), source: String(source), summary: String(summary), lines: start.line...end)
        }
    }
}
