/// What `perf destination add analytics` was given, kept beside the journal so a later run
/// restores the destination as it was added, not with the defaults.
package struct AnalyticsSettings: Sendable, Equatable {
    /// The full URL entries are POSTed to.
    package var endpoint: String
    /// Entries per request.
    package var batchSize: Int
    /// Seconds after which a partial batch is sent.
    package var flushInterval: Double
    /// Which timings the destination receives.
    package var filter: DestinationFilter

    /// - Parameters:
    ///   - endpoint: the full URL entries are POSTed to.
    ///   - batchSize: entries per request, at least 1 (the kit's default is 50).
    ///   - flushInterval: seconds after which a partial batch is sent (the kit's default is 60).
    ///   - filter: which timings the destination receives.
    package init(endpoint: String, batchSize: Int = 50, flushInterval: Double = 60, filter: DestinationFilter = DestinationFilter()) {
        self.endpoint = endpoint
        self.batchSize = max(1, batchSize)
        self.flushInterval = flushInterval
        self.filter = filter
    }

    /// `batch 50, every 60.000s`, then the filter if there is one, as a notice names them.
    package var summary: String {
        let filtered = filter.admitsAll ? "" : ", " + filter.summary
        return "batch \(batchSize), every \(ConsoleDestination.threeDecimals(flushInterval))s" + filtered
    }

    /// The sidecar file's text: the endpoint on the first line (what earlier versions wrote
    /// alone), then `key=value` lines.
    var fileText: String {
        var lines = [endpoint, "batch=\(batchSize)", "interval=\(flushInterval)"]
        if let feature = filter.feature { lines.append("feature=" + feature) }
        if let layer = filter.layer { lines.append("layer=" + layer) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `fileText`; a file holding only the endpoint gives the kit's defaults, and a line
    /// that does not parse keeps its default.
    init?(fileText: String) {
        let lines = fileText.split(separator: "\n").map(String.init)
        guard let endpoint = lines.first, !endpoint.isEmpty else { return nil }
        self.init(endpoint: endpoint)
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let value = String(line[line.index(after: equals)...])
            switch line[..<equals] {
            case "batch": if let number = Int(value), number > 0 { batchSize = number }
            case "interval": if let seconds = Double(value), seconds >= 0 { flushInterval = seconds }
            case "feature": filter.feature = value
            case "layer": filter.layer = value
            default: continue
            }
        }
    }
}
