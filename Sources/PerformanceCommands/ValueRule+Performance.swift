import Performance
import Shell

extension ValueRule {
    /// A Performance feature or layer name.
    static func timingName(suggestions: [String]) -> ValueRule {
        ValueRule(
            name: "timing-name",
            expected: "an identifier-like name (a letter, then letters, digits, _ - .; at most 64)",
            suggestions: suggestions,
            accepts: PerformanceNames.isValidName
        )
    }
}
