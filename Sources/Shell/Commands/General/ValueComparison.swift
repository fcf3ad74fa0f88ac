import JSON
import Script

/// Equality and order across the JSON types, numbers compared by value.
enum ValueComparison {
    static func equal(_ lhs: Value, _ rhs: Value) -> Bool {
        if let order = numericOrder(lhs, rhs) { return order == 0 }
        return lhs == rhs
    }

    static func order(_ lhs: Value, _ rhs: Value) -> Int? {
        if let order = numericOrder(lhs, rhs) { return order }
        if case .string(let a) = lhs, case .string(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
        return nil
    }

    private static func numericOrder(_ lhs: Value, _ rhs: Value) -> Int? {
        let lhsIsNumber = {
            if case .int = lhs { return true }
            if case .double = lhs { return true }
            return false
        }()
        let rhsIsNumber = {
            if case .int = rhs { return true }
            if case .double = rhs { return true }
            return false
        }()
        guard lhsIsNumber || rhsIsNumber, let a = lhs.numberValue, let b = rhs.numberValue else { return nil }
        return a < b ? -1 : (a == b ? 0 : 1)
    }

    static func contains(_ haystack: Value, _ needle: Value) -> Bool {
        switch haystack {
        case .string(let text): return text.contains(needle.plainText)
        case .array(let items): return items.contains { equal($0, needle) }
        case .object(let object): return object[needle.plainText] != nil
        default: return false
        }
    }
}
