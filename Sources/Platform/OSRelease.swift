/// `KEY=value` / `KEY="value"` lines of os-release(5).
enum OSRelease {
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            var value = line[line.index(after: equals)...]
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = value.dropFirst().dropLast()
            }
            values[String(line[..<equals])] = String(value)
        }
        return values
    }
}
