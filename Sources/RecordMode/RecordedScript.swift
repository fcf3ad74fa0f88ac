/// A recording as a script, and what became of each exchange.
package struct RecordedScript: Sendable {
    /// The `.sdk` text; no secret's value is in it.
    package var text: String
    package var summary: RecordSummary
}

/// What a recording became: the `import har` summary and `proxy --record`'s.
package struct RecordSummary: Sendable, Equatable {
    /// An exchange left out, and why.
    package struct Skip: Sendable, Equatable {
        /// `exchange 12` (a proxy's), or `entry 12` (a HAR's, with its line when the reader left it out).
        package var place: String
        package var reason: String

        package init(place: String, reason: String) {
            self.place = place
            self.reason = reason
        }
    }

    /// Exchanges read.
    package var exchanges = 0
    /// Exchanges an engine wrote as its commands.
    package var sdkCommands = 0
    /// Exchanges written as `http` lines.
    package var httpLines = 0
    package var skipped: [Skip] = []
    /// The secret variables the script needs, with what each is (never the value).
    package var secrets: [(variable: String, what: String)] = []
    /// The variables captured from one answer for a later request.
    package var captures: [String] = []

    package init() {}

    package static func == (lhs: RecordSummary, rhs: RecordSummary) -> Bool {
        lhs.exchanges == rhs.exchanges && lhs.sdkCommands == rhs.sdkCommands && lhs.httpLines == rhs.httpLines && lhs.skipped == rhs.skipped
            && lhs.secrets.map(\.variable) == rhs.secrets.map(\.variable) && lhs.captures == rhs.captures
    }

    /// `1 as an http line`, `3 as http lines`.
    package var httpLinesText: String { httpLines == 1 ? "1 as an http line" : "\(httpLines) as http lines" }

    /// The skips counted by reason, most first: `3 × no response`.
    package var skipCounts: [(reason: String, count: Int)] {
        var counts: [(reason: String, count: Int)] = []
        for skip in skipped {
            let reason = Self.generalReason(skip.reason)
            if let at = counts.firstIndex(where: { $0.reason == reason }) { counts[at].count += 1 } else { counts.append((reason, 1)) }
        }
        return counts.sorted { $0.count > $1.count }
    }

    /// A reason without what is particular to one exchange (after a `:`), for counting.
    private static func generalReason(_ reason: String) -> String {
        String(reason.prefix { $0 != ":" && $0 != "(" }).trimmingSuffixBlanks()
    }

    /// The summary as lines for standard error.
    package var lines: [String] {
        var lines = [
            "\(exchanges) exchange\(exchanges == 1 ? "" : "s"): \(sdkCommands) as SDK commands, \(httpLinesText), \(skipped.count) skipped"
        ]
        for (reason, count) in skipCounts { lines.append("  skipped \(count) × \(reason)") }
        for skip in skipped.prefix(20) { lines.append("  \(skip.place): \(skip.reason)") }
        if skipped.count > 20 { lines.append("  … and \(skipped.count - 20) more skipped") }
        if !captures.isEmpty { lines.append("captured for later requests: " + captures.joined(separator: ", ")) }
        if !secrets.isEmpty {
            lines.append("secrets (pass each with --secret NAME=VALUE or --secrets-file FILE):")
            for secret in secrets { lines.append("  \(secret.variable): \(secret.what)") }
        }
        return lines
    }
}

extension String {
    fileprivate func trimmingSuffixBlanks() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
