import Backend

/// Numbers as the real server (JavaScript) reads them from a string or a JSON number, and as it
/// writes a computed one.
enum MiataruNumber {
    /// What JavaScript's `Number(value)` gives, when that is finite; `nil` for every other value.
    ///
    /// Like `Number`, a string may have blanks around it, an exponent or a hex form; an empty
    /// string is not a number here (the server checks for it before converting).
    static func value(of json: WireJSON?) -> Double? {
        var text: Substring
        switch json {
        case .number(let digits, _)?: text = Substring(digits)
        case .string(let string)?:
            text = string.drop { $0.isWhitespace }
            while text.last?.isWhitespace == true { text = text.dropLast() }
        default: return nil
        }
        guard !text.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A count from `value`: 0 for a negative one, and clamped so that no conversion can trap.
    static func count(_ value: Double) -> Int {
        if value <= 0 { return 0 }
        return value >= 1_000_000_000 ? 1_000_000_000 : Int(value.rounded(.down))
    }

    /// `value` as JSON text the way JavaScript writes it for the common cases (`48`, not `48.0`;
    /// `0`, not `-0.0`). Very small or large values keep Swift's exponent form (`1e-05`), which
    /// is the same number in JSON.
    static func text(_ value: Double) -> String {
        if value == 0 { return "0" }
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
