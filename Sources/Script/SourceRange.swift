/// The span of a token or command in its source; `end` is exclusive.
package struct SourceRange: Hashable, Sendable {
    package var start: SourcePosition
    package var end: SourcePosition

    package init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A one-column range, for errors that point at a single place.
    package static func at(_ position: SourcePosition) -> SourceRange {
        SourceRange(start: position, end: SourcePosition(line: position.line, column: position.column + 1))
    }

    /// The smallest range covering both.
    package func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
}
