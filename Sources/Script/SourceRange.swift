
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
