import Script

/// A `--name` option; `valueKind == nil` makes it a flag.
public struct OptionSpec: Sendable {
    public var name: String
    public var valueKind: ArgumentKind?
    public var valueName: String
    public var summary: String
    /// A one-letter spelling, `-a` for `--auth`, for users who know the tool by it (HTTPie).
    public var short: Character?

    public init(_ name: String, short: Character? = nil, value: ArgumentKind? = nil, valueName: String = "VALUE", _ summary: String) {
        self.name = name
        self.short = short
        self.valueKind = value
        self.valueName = valueName
        self.summary = summary
    }
}
