import Platform
import Shell

/// A latency histogram as an inline SVG bar chart: a bar per bucket, its height the bucket's
/// share of the tallest, labelled with the bucket's range in milliseconds.
enum LatencyHistogramSVG {
    static func render(_ histogram: LatencyHistogram) -> String {
        let tallest = max(1, histogram.buckets.map(\.count).max() ?? 1)
        let barWidth = 44
        let plotHeight = 120
        let top = 16
        let labelHeight = 30
        let width = max(1, histogram.buckets.count) * barWidth + 8
        let name = XMLText.escaped(histogram.name)
        var svg = "<svg class=\"latency\" data-name=\"\(name)\" data-count=\"\(histogram.count)\" xmlns=\"http://www.w3.org/2000/svg\""
        svg += " width=\"\(width)\" height=\"\(top + plotHeight + labelHeight)\">\n"
        svg += "<text x=\"0\" y=\"11\">\(name): \(histogram.count) timings, p50 \(milliseconds(histogram.p50)) ms, "
        svg += "p99 \(milliseconds(histogram.p99)) ms, max \(milliseconds(histogram.max)) ms</text>\n"
        for (index, bucket) in histogram.buckets.enumerated() {
            let height = bucket.count == 0 ? 0 : max(1, Int((Double(plotHeight) * Double(bucket.count) / Double(tallest)).rounded()))
            let x = index * barWidth
            let range = "\(milliseconds(bucket.lower))–\(milliseconds(bucket.upper)) ms"
            svg += "<rect class=\"bucket\" data-count=\"\(bucket.count)\" x=\"\(x + 2)\" y=\"\(top + plotHeight - height)\" width=\"\(barWidth - 4)\""
            svg += " height=\"\(height)\" fill=\"#0969da\"><title>\(range): \(bucket.count)</title></rect>"
            svg += "<text x=\"\(x + 2)\" y=\"\(top + plotHeight + 12)\">\(milliseconds(bucket.lower))</text>\n"
        }
        return svg + "</svg>\n"
    }

    private static func milliseconds(_ value: Double) -> String { ReportSeconds.decimal(value) }
}
