/// A pass/fail rule over a load run's figures, as `--threshold` takes it:
/// `miataru.UpdateLocation:p99<200ms`, `errors<1%`, `rate>=500/s`, `checks>99%`,
/// `hamon.events:errors<=0.5%`, `http GET /x:max<1s`, `iteration_errors<1%`.
package struct LoadThreshold: Sendable, Equatable {
    package enum Metric: Sendable, Equatable {
        /// A latency percentile (`p50`, `p99.9`) or `max`, in milliseconds.
        case latency(percentile: Double?)
        /// Failed exchanges (no answer or a 4xx/5xx), in percent.
        case errors
        /// Exchanges per second.
        case rate
        /// Checks that held, in percent (the whole run's only).
        case checks
        /// Iterations a command's error ended, in percent (the whole run's only).
        case iterationErrors
    }

    package enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"

        func holds(_ value: Double, _ limit: Double) -> Bool {
            switch self {
            case .less: return value < limit
            case .lessOrEqual: return value <= limit
            case .greater: return value > limit
            case .greaterOrEqual: return value >= limit
            }
        }
    }

    /// As the user wrote it.
    package var text: String
    /// The kind it is about; `nil` is every exchange together.
    package var kind: String?
    package var metric: Metric
    package var comparison: Comparison
    /// In the metric's unit: milliseconds, percent or per second.
    package var limit: Double

    /// Parses `[KIND:]METRIC OP VALUE[UNIT]`.
    ///
    /// - Throws: a message saying what was expected.
    package init(_ text: String) throws(LoadThresholdError) {
        self.text = text
        var body = Substring(text.filter { $0 != " " })
        if let colon = text.lastIndex(of: ":"), !text[text.index(after: colon)...].contains(":") {
            let kind = String(text[..<colon])
            if !kind.isEmpty { self.kind = kind }
            body = Substring(text[text.index(after: colon)...].filter { $0 != " " })
        }
        guard let comparison = Comparison.allCases.first(where: { body.contains($0.rawValue) }),
            let split = body.firstRange(of: comparison.rawValue)
        else { throw LoadThresholdError(text: text, reason: "expected METRIC<VALUE, METRIC<=VALUE, METRIC>VALUE or METRIC>=VALUE") }
        self.comparison = comparison
        let name = body[..<split.lowerBound]
        var value = body[split.upperBound...]
        switch name {
        case "errors", "checks", "iteration_errors":
            metric = name == "errors" ? .errors : name == "checks" ? .checks : .iterationErrors
            guard value.hasSuffix("%") else { throw LoadThresholdError(text: text, reason: "\(name) is a percentage: \(name)<1%") }
            value = value.dropLast()
        case "rate":
            metric = .rate
            if value.hasSuffix("/s") { value = value.dropLast(2) }
        case "max":
            metric = .latency(percentile: nil)
            value = try Self.milliseconds(value, in: text)[...]
        default:
            guard name.hasPrefix("p"), let percentile = Double(name.dropFirst()), (0...100).contains(percentile) else {
                throw LoadThresholdError(
                    text: text,
                    reason: "unknown metric '\(name)': p50, p90, p99, p99.9, max, errors, rate, checks or iteration_errors"
                )
            }
            metric = .latency(percentile: percentile)
            value = try Self.milliseconds(value, in: text)[...]
        }
        guard let limit = Double(value), limit.isFinite, limit >= 0 else {
            throw LoadThresholdError(text: text, reason: "'\(value)' is not a number")
        }
        if metric == .checks || metric == .iterationErrors, kind != nil {
            throw LoadThresholdError(text: text, reason: "\(name) are counted for the whole run, not by kind")
        }
        self.limit = limit
    }

    /// `200ms`, `1.5s` or a bare number of milliseconds, as milliseconds text.
    private static func milliseconds(_ value: Substring, in text: String) throws(LoadThresholdError) -> String {
        if value.hasSuffix("ms") { return String(value.dropLast(2)) }
        if value.hasSuffix("s"), let seconds = Double(value.dropLast()) { return String(seconds * 1000) }
        if Double(value) != nil { return String(value) }
        throw LoadThresholdError(text: text, reason: "'\(value)' is not a duration: 200ms, 1.5s")
    }

    /// The figure it judges in `report`; `nil` when its kind never happened.
    package func value(in report: LoadRunReport) -> Double? {
        if metric == .checks {
            let checks = report.metrics.checksPassed + report.metrics.checksFailed
            return checks == 0 ? nil : 100 * Double(report.metrics.checksPassed) / Double(checks)
        }
        if metric == .iterationErrors {
            let iterations = report.metrics.iterations
            return iterations == 0 ? nil : 100 * Double(report.metrics.iterationsFailed) / Double(iterations)
        }
        let figures: KindFigures
        if let kind {
            guard let found = report.metrics.kinds[kind] else { return nil }
            figures = found
        } else {
            figures = report.total
        }
        switch metric {
        case .latency(let percentile?): return figures.milliseconds(atPercentile: percentile)
        case .latency(nil): return figures.maxMilliseconds
        case .errors: return figures.count == 0 ? nil : 100 * Double(figures.failed) / Double(figures.count)
        case .rate: return report.rate(figures)
        case .checks, .iterationErrors: return nil
        }
    }

    /// Whether the run meets it; a kind that never happened does not.
    package func holds(in report: LoadRunReport) -> Bool {
        guard let value = value(in: report) else { return false }
        return comparison.holds(value, limit)
    }
}
