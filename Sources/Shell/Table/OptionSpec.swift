import Script

/// A `--name` option; `valueKind == nil` makes it a flag.
package struct OptionSpec: Sendable {
    package var name: String
    package var valueKind: ArgumentKind?
    package var valueName: String
    package var summary: String
    /// A one-letter spelling, `-a` for `--auth`, for users who know the tool by it (HTTPie).
    package var short: Character?

    package init(_ name: String, short: Character? = nil, value: ArgumentKind? = nil, valueName: String = "VALUE", _ summary: String) {
        self.name = name
        self.short = short
        self.valueKind = value
        self.valueName = valueName
        self.summary = summary
    }
}
