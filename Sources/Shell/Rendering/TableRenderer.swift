import Performance

/// Plain-text tables with aligned columns, like psql's aligned output.
enum TableRenderer {
    static func render(header: [String], rows: [[String]], rightAligned: ClosedRange<Int>? = nil) -> String {
        guard !rows.isEmpty else { return "" }
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                let isLast = index == cells.count - 1
                if rightAligned?.contains(index) == true {
                    text += padding + cell
                } else {
                    text += cell + (isLast ? "" : padding)
                }
                if !isLast { text += "  " }
            }
            return text + "\n"
        }
        return line(header) + rows.map(line).joined()
    }
}

/// A small horizontal-bar histogram for the terminal.
enum HistogramRenderer {
    static func render(_ buckets: [HistogramBucket]) -> String {
        guard let largest = buckets.map(\.count).max(), largest > 0 else { return "" }
        let labels = buckets.map { "\(PerfValues.seconds($0.lower)) – \(PerfValues.seconds($0.upper))" }
        let width = labels.map(\.count).max() ?? 0
        var text = "\n"
        for (bucket, label) in zip(buckets, labels) {
            let bar = String(repeating: "█", count: Int((Double(bucket.count) / Double(largest) * 40).rounded(.up)))
            text += label + String(repeating: " ", count: width - label.count) + "  " + bar + " " + String(bucket.count) + "\n"
        }
        return text
    }
}
