import JSON
import Script

/// An argument, option value or parameter after variable substitution, with where it was written.
public struct BoundValue: Sendable {
    public var value: Value
    public var range: SourceRange
    /// Whether it was written in quotes: `"3"` is text where `3` is a number.
    public var isQuoted = false
    /// Whether the value is what the command will get: false only while a script is checked,
    /// for a word that holds a `{{variable}}` (its text is then the word as written).
    public var isKnown = true

    /// The value as text: strings bare, other values as JSON.
    public var text: String { value.plainText }
}
