/// Plain-text tables with aligned columns, like psql's aligned output.
package enum TableGenerator {
    package static func render(header: [String], rows: [[String]], rightAligned: ClosedRange<Int>? = nil) -> String {
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
