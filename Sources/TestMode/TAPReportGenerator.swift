import JSON

/// The TAP version 13 report: one test point per `expect` (and one for the command whose error
/// ended a file, or for a broken file's check pass), a YAML block under each that failed.
package enum TAPReportGenerator {
    package static func generate(_ run: TestRunReport) -> String {
        var points: [(ok: Bool, description: String, diagnostics: [(String, String)])] = []
        for file in run.files {
            if file.status == .broken {
                points.append((false, "\(file.file): check", [("file", file.file), ("message", file.checkErrors.joined(separator: "\n"))]))
                continue
            }
            for testCase in file.testCases {
                let description = "\(file.file): \(testCase.name)"
                var diagnostics = [("file", testCase.file), ("line", String(testCase.line)), ("expression", testCase.name)]
                switch testCase.outcome {
                case .passed:
                    points.append((true, description, []))
                    continue
                case .failed(let message, let actual, let expected):
                    diagnostics.append(("message", message))
                    if let actual { diagnostics.append(("actual", actual)) }
                    if let expected { diagnostics.append(("expected", expected)) }
                case .error(let message):
                    diagnostics.append(("message", message))
                    diagnostics.append(("severity", "error"))
                }
                points.append((false, description, diagnostics))
            }
        }
        var tap = "TAP version 13\n1..\(points.count)\n"
        for (index, point) in points.enumerated() {
            tap += "\(point.ok ? "ok" : "not ok") \(index + 1) - \(escaped(point.description))\n"
            guard !point.diagnostics.isEmpty else { continue }
            tap += "  ---\n"
            // Values as JSON strings: YAML reads a double-quoted JSON string as the same text.
            for (key, value) in point.diagnostics {
                tap += "  \(key): \(key == "line" ? value : JSONWriter.compact(.string(value)))\n"
            }
            tap += "  ...\n"
        }
        return tap
    }

    /// A description on one line, with `#` escaped so no reader takes it for a directive.
    private static func escaped(_ description: String) -> String {
        var out = ""
        for character in description {
            switch character {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
