import JSON
import Script

/// An argument, option value or parameter after variable substitution, with where it was written.
package struct BoundValue: Sendable {
    package var value: Value
    package var range: SourceRange
    /// Whether it was written in quotes: `"3"` is text where `3` is a number.
    package var isQuoted = false
    /// Whether the value is what the command will get: false only while a script is checked,
    /// for a word that holds a `{{variable}}` (its text is then the word as written).
    package var isKnown = true

    /// The value as text: strings bare, other values as JSON.
    package var text: String { value.plainText }
}
