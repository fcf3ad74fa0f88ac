import Script

/// A positional argument of a command.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var kind: ArgumentKind
    public var summary: String
    public var isOptional: Bool
    public var isVariadic: Bool

    public init(_ name: String, _ kind: ArgumentKind, _ summary: String, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.isOptional = optional
        self.isVariadic = variadic
    }
}
