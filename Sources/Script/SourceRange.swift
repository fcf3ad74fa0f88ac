/// A 1-based line and column in a source text; columns count Unicode scalars.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// The span of a token or command in its source; `end` is exclusive.
public struct SourceRange: Hashable, Sendable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A one-column range, for errors that point at a single place.
    public static func at(_ position: SourcePosition) -> SourceRange {
        SourceRange(start: position, end: SourcePosition(line: position.line, column: position.column + 1))
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
}

/// A named source text: a script file, `<repl>`, `<stdin>` or `<command-line>`.
public struct SourceFile: Sendable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// The text of a 1-based line, without its line terminator.
    public func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var lineStart = text.utf8.startIndex
        var index = lineStart
        let utf8 = text.utf8
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                if current == number { break }
                current += 1
                lineStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        guard current == number else { return nil }
        var line = String(text[lineStart..<index])
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
