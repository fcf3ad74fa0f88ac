/// FastAPI's 422 body, pydantic v1 wording: `{"detail":[{"loc":[...],"msg":...,"type":...}]}`.
package struct ValidationProblems {
    package struct Problem {
        package var location: [LocationPart]
        package var message: String
        package var type: String
    }

    package enum LocationPart {
        case key(String)
        case index(Int)

        package var json: String {
            switch self {
            case .key(let key): return WireText.quote(key)
            case .index(let index): return String(index)
            }
        }
    }

    package private(set) var problems: [Problem] = []

    package init() {}
    package var isEmpty: Bool { problems.isEmpty }

    package mutating func missing(_ location: [LocationPart]) {
        problems.append(Problem(location: location, message: "field required", type: "value_error.missing"))
    }

    package mutating func add(_ location: [LocationPart], message: String, type: String) {
        problems.append(Problem(location: location, message: message, type: type))
    }

    package mutating func wrongType(_ location: [LocationPart], expected: Expected) {
        problems.append(Problem(location: location, message: expected.message, type: expected.type))
    }

    package enum Expected {
        case string, integer, bool, object, array

        package var message: String {
            switch self {
            case .string: return "str type expected"
            case .integer: return "value is not a valid integer"
            case .bool: return "value could not be parsed to a boolean"
            case .object: return "value is not a valid dict"
            case .array: return "value is not a valid list"
            }
        }

        package var type: String {
            switch self {
            case .string: return "type_error.str"
            case .integer: return "type_error.integer"
            case .bool: return "type_error.bool"
            case .object: return "type_error.dict"
            case .array: return "type_error.list"
            }
        }

        package func accepts(_ value: WireJSON) -> Bool {
            switch (self, value) {
            case (.string, .string), (.integer, .number(_, isInteger: true)), (.bool, .bool), (.object, .object), (.array, .array): return true
            default: return false
            }
        }
    }

    /// Checks that `key` is present in `object` with the expected type (or null when allowed).
    package mutating func require(_ key: String, in object: WireJSON, at location: [LocationPart], _ expected: Expected, nullable: Bool = false) {
        guard let value = object[key] else {
            missing(location + [.key(key)])
            return
        }
        if value == .null {
            if !nullable {
                problems.append(
                    Problem(location: location + [.key(key)], message: "none is not an allowed value", type: "type_error.none.not_allowed")
                )
            }
            return
        }
        if !expected.accepts(value) { wrongType(location + [.key(key)], expected: expected) }
    }

    package var json: String {
        "{\"detail\":["
            + problems.map { problem in
                "{\"loc\":[" + problem.location.map(\.json).joined(separator: ",") + "],\"msg\":" + WireText.quote(problem.message)
                    + ",\"type\":" + WireText.quote(problem.type) + "}"
            }.joined(separator: ",") + "]}"
    }
}
