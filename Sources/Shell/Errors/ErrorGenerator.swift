import Script

/// Renders a located error once: `file:line:col: error: message`, the source line, a caret
/// under the offending token and a hint (Hurl's layout, compacted).
package struct ErrorGenerator: Sendable {
    package var useColor: Bool

    package init(useColor: Bool) { self.useColor = useColor }

    /// The full text of an error, ending with a newline.
    package func render(_ error: ShellError, in source: SourceFile?, secrets: SecretValues? = nil) -> String {
        render(severity: "error", message: error.message, hint: error.hint, range: error.range, source: source, secrets: secrets)
    }

    /// A warning in the same layout, for engine warnings raised while a command ran.
    package func renderWarning(_ message: String, range: SourceRange?, source: SourceFile?, secrets: SecretValues? = nil) -> String {
        render(severity: "warning", message: message, hint: nil, range: range, source: source, secrets: secrets)
    }

    /// The excerpt line is masked here, before carets are placed, so they still point at the word;
    /// the caller's stream masks the message and hint.
    func render(
        severity: String,
        message: String,
        hint: String?,
        range: SourceRange?,
        source: SourceFile?,
        secrets: SecretValues?
    ) -> String {
        let label = severity == "error" ? paint(severity + ":", "1;31") : paint(severity + ":", "1;33")
        var location = ""
        if let source {
            location = source.name
            if let range { location += ":\(range.start.line):\(range.start.column)" }
            location += ": "
        }
        // Messages quote servers and files: their control characters must not reach the terminal raw.
        let message = ControlEscaper.escaped(message)
        let hint = hint.map(ControlEscaper.escaped)
        var out = paint(location, "1") + label + " " + message + "\n"
        if let source, let range, let sourceLine = source.line(range.start.line) {
            let number = String(range.start.line)
            let gutter = String(repeating: " ", count: number.count)
            let writtenEnd = range.end.line == range.start.line ? range.end.column : sourceLine.unicodeScalars.count + 1
            let masked =
                secrets?.masked(line: sourceLine, start: max(1, range.start.column), end: writtenEnd)
                ?? (line: sourceLine, start: max(1, range.start.column), end: writtenEnd)
            let line = masked.line
            let startColumn = masked.start
            let lineLength = line.unicodeScalars.count
            let endColumn = range.end.line == range.start.line ? max(masked.end, startColumn + 1) : lineLength + 1
            let window = Self.window(lineLength: lineLength, startColumn: startColumn)
            let shown = Self.visible(line, window: window)
            out += paint(" \(number) | ", "34") + shown.text + "\n"
            let caretStart = startColumn - window.lowerBound + 1 + shown.leadingMarks
            let width = max(1, min(endColumn, window.upperBound + 2) - startColumn)
            let caret = String(repeating: " ", count: caretStart - 1) + String(repeating: "^", count: min(width, Self.windowWidth))
            out += paint(" \(gutter) | ", "34") + paint(caret, severity == "error" ? "1;31" : "1;33") + "\n"
            for line in hint?.split(separator: "\n") ?? [] { out += paint(" \(gutter) = ", "34") + line + "\n" }
        } else {
            for line in hint?.split(separator: "\n") ?? [] { out += "  = " + line + "\n" }
        }
        return out
    }

    /// Columns of a long line shown around an error; a 100 KB line must not print 100 KB.
    static let windowWidth = 120

    /// The 1-based columns to show: the whole line when short, else a window that holds the error.
    static func window(lineLength: Int, startColumn: Int) -> ClosedRange<Int> {
        guard lineLength > windowWidth else { return 1...max(1, lineLength) }
        let first = max(1, min(startColumn - windowWidth / 2, lineLength - windowWidth + 1))
        return first...(first + windowWidth - 1)
    }

    /// The windowed source line with tabs and control characters made one visible column each, so
    /// carets line up; `…` marks what was cut.
    static func visible(_ line: String, window: ClosedRange<Int>) -> (text: String, leadingMarks: Int) {
        var out = ""
        let leading = window.lowerBound > 1
        if leading { out += "…" }
        var column = 0
        for scalar in line.unicodeScalars {
            column += 1
            guard column >= window.lowerBound else { continue }
            guard column <= window.upperBound else {
                out += "…"
                break
            }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out.unicodeScalars.append(scalar == "\t" ? " " : "\u{FFFD}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return (out, leading ? 1 : 0)
    }

    private func paint(_ text: String, _ code: String) -> String {
        guard useColor, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
