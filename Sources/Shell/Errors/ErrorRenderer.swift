import Script

/// Renders a located error once: `file:line:col: error: message`, the source line, a caret
/// under the offending token and a hint (Hurl's layout, compacted).
public struct ErrorRenderer: Sendable {
    public var useColor: Bool

    public init(useColor: Bool) { self.useColor = useColor }

    /// The full text of an error, ending with a newline.
    public func render(_ error: ShellError, in source: SourceFile?) -> String {
        render(severity: "error", message: error.message, hint: error.hint, range: error.range, source: source)
    }

    /// A warning in the same layout, for engine warnings raised while a command ran.
    public func renderWarning(_ message: String, range: SourceRange?, source: SourceFile?) -> String {
        render(severity: "warning", message: message, hint: nil, range: range, source: source)
    }

    func render(severity: String, message: String, hint: String?, range: SourceRange?, source: SourceFile?) -> String {
        let label = severity == "error" ? paint(severity + ":", "1;31") : paint(severity + ":", "1;33")
        var location = ""
        if let source {
            location = source.name
            if let range { location += ":\(range.start.line):\(range.start.column)" }
            location += ": "
        }
        var out = paint(location, "1") + label + " " + message + "\n"
        if let source, let range, let line = source.line(range.start.line) {
            let number = String(range.start.line)
            let gutter = String(repeating: " ", count: number.count)
            let shown = Self.visible(line)
            out += paint(" \(number) | ", "34") + shown + "\n"
            let startColumn = max(1, range.start.column)
            let endColumn = range.end.line == range.start.line ? max(range.end.column, startColumn + 1) : shown.unicodeScalars.count + 1
            let width = max(1, min(endColumn, shown.unicodeScalars.count + 2) - startColumn)
            let caret = String(repeating: " ", count: startColumn - 1) + String(repeating: "^", count: width)
            out += paint(" \(gutter) | ", "34") + paint(caret, severity == "error" ? "1;31" : "1;33") + "\n"
            if let hint { out += paint(" \(gutter) = ", "34") + hint + "\n" }
        } else if let hint {
            out += "  = " + hint + "\n"
        }
        return out
    }

    /// The source line with tabs and control characters made one visible column each, so carets line up.
    static func visible(_ line: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(line.unicodeScalars.count)
        let limit = 400
        for (offset, scalar) in line.unicodeScalars.enumerated() {
            if offset == limit {
                out += "…"
                break
            }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out.unicodeScalars.append(scalar == "\t" ? " " : "\u{FFFD}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func paint(_ text: String, _ code: String) -> String {
        guard useColor, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
