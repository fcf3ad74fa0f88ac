/// A JSON-shaped value: what `key:=JSON` parameters, variables and command results hold.
///
/// Integers and doubles stay apart so `expect last.count == 3` compares exactly and results
/// print as the user wrote them.
package enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([Value])
    case object(JSONObject)

    /// The number a numeric value or numeric string stands for.
    package var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Double(text)
        default: return nil
        }
    }

    /// A short name of the value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The text a value substitutes as inside `{{…}}`: strings bare, everything else as JSON.
    package var plainText: String {
        if case .string(let text) = self { return text }
        return JSONWriter.compact(self)
    }

    /// Builds an object from ordered pairs.
    package static func object(_ pairs: KeyValuePairs<String, Value>) -> Value {
        var object = JSONObject()
        for (key, value) in pairs { object[key] = value }
        return .object(object)
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(arrayLiteral elements: Value...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }
}
