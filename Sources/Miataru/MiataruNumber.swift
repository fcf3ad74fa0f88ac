import JSON

/// Numbers as a Miataru server returns them: as JSON numbers or as strings, depending on how the
/// device that uploaded them sent them (the server stores what it got).
enum MiataruNumber {
    static func double(_ value: Value?) -> Double? {
        switch value {
        case .int(let number)?: return Double(number)
        case .double(let number)?: return number.isFinite ? number : nil
        case .string(let text)?:
            guard let number = Double(text), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    static func int(_ value: Value?) -> Int? {
        switch value {
        case .int(let number)?: return number
        case .string(let text)?: return Int(text)
        case .double(let number)? where number == number.rounded() && abs(number) < 9.0e15: return Int(number)
        default: return nil
        }
    }

    /// The value as a JSON number: an integer when it is a whole number, else a double.
    static func normalized(_ value: Value?) -> Value? {
        if let whole = int(value) { return .int(whole) }
        return double(value).map(Value.double)
    }
}
