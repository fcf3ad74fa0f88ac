import Performance
import Shell

/// A small horizontal-bar histogram for the terminal.
enum HistogramGenerator {
    static func render(_ buckets: [HistogramBucket]) -> String {
        guard let largest = buckets.map(\.count).max(), largest > 0 else { return "" }
        let labels = buckets.map { "\(PerformanceValues.seconds($0.lower)) – \(PerformanceValues.seconds($0.upper))" }
        let width = labels.map(\.count).max() ?? 0
        var text = "\n"
        for (bucket, label) in zip(buckets, labels) {
            let bar = String(repeating: "█", count: Int((Double(bucket.count) / Double(largest) * 40).rounded(.up)))
            text += label + String(repeating: " ", count: width - label.count) + "  " + bar + " " + String(bucket.count) + "\n"
        }
        return text
    }
}
