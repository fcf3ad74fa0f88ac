import JSON

/// The ranges the server checks, checked here first so a typo costs no request.
package enum LocationRange {
    package static let latitude = -90.0...90.0
    package static let longitude = -180.0...180.0
    package static let accuracy = 0.0...10_000.0
    package static let speed = 0.0...1_000.0
    package static let battery = 0.0...100.0
    package static let altitude = -1_000.0...100_000.0

    /// What a valid value looks like, for an error message: `a number from -90 to 90`.
    package static func expected(_ range: ClosedRange<Double>) -> String {
        "a number from \(bound(range.lowerBound)) to \(bound(range.upperBound))"
    }

    /// Why `text` is not a valid `name` within `range`, or `nil` when it is.
    package static func problem(_ text: String, name: String, range: ClosedRange<Double>) -> String? {
        guard PlainDecimal.normalized(text) != nil, let value = Double(text), value.isFinite else {
            return "\(name) '\(text)' is not a decimal number"
        }
        if value < range.lowerBound { return "\(name) must be at least \(bound(range.lowerBound)) (got \(text))" }
        if value > range.upperBound { return "\(name) must be at most \(bound(range.upperBound)) (got \(text))" }
        return nil
    }

    private static func bound(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
