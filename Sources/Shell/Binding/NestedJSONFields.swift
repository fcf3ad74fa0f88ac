import JSON

/// HTTPie's nested JSON fields: `user[name]=ada`, `tags[]=a tags[]=b`, `points[0][x]:=1` build
/// objects and arrays inside a body (`http`, `hamon encrypt`), so a value with `{{variables}}`
/// can sit deep in it without hand-written JSON (single quotes keep `{{…}}` as written).
package enum NestedJSONFields {
    enum Step: Equatable {
        case key(String)
        case index(Int)
        case append
    }

    /// The body object made of `fields` in order; a later field at the same path replaces an earlier one.
    ///
    /// - Throws: a message naming the field whose path is malformed or meets a value of another kind.
    package static func object(_ fields: [(String, Value)]) throws(NestedJSONFieldsError) -> JSONObject {
        var body: Value? = .object(JSONObject())
        for (name, value) in fields {
            let path = try steps(name)
            try set(value, at: path[...], in: &body, field: name)
        }
        guard case .object(let object)? = body else { return JSONObject() }
        return object
    }

    /// `name[a][0][]` as steps; a name without `[` is one key, as it always was.
    ///
    /// Walks UTF-8 bytes (the brackets are ASCII): walking Characters was 3% of a load run's CPU
    /// (perf, the Miataru flow of scripts/bench/load_bench.py, every field of every request).
    static func steps(_ name: String) throws(NestedJSONFieldsError) -> [Step] {
        let bytes = name.utf8
        guard bytes.last == UInt8(ascii: "]"), let open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return [.key(name)] }
        let head = name[..<open]
        guard !head.isEmpty else { throw NestedJSONFieldsError(field: name, reason: "a path must start with a name (a top-level array is not supported)") }
        var steps: [Step] = [.key(String(head))]
        var at = open
        while at < bytes.endIndex {
            guard bytes[at] == UInt8(ascii: "["), let close = bytes[at...].firstIndex(of: UInt8(ascii: "]")) else {
                throw NestedJSONFieldsError(field: name, reason: "expected [key], [index] or [] after '\(head)'")
            }
            let inside = name[bytes.index(after: at)..<close]
            if inside.isEmpty {
                steps.append(.append)
            } else if let index = Int(inside), index >= 0, inside.utf8.allSatisfy({ $0 < 0x80 }) {
                guard index <= 10_000 else { throw NestedJSONFieldsError(field: name, reason: "index \(index) is past 10000") }
                steps.append(.index(index))
            } else {
                steps.append(.key(String(inside)))
            }
            at = bytes.index(after: close)
        }
        return steps
    }

    private static func set(_ value: Value, at path: ArraySlice<Step>, in container: inout Value?, field: String) throws(NestedJSONFieldsError) {
        guard let step = path.first else {
            container = value
            return
        }
        let rest = path.dropFirst()
        switch step {
        case .key(let key):
            var object: JSONObject
            switch container {
            case nil, .null?: object = JSONObject()
            case .object(let existing)?: object = existing
            case let other?: throw NestedJSONFieldsError(field: field, reason: "'\(key)' is a key, but the value there is \(other.typeName)")
            }
            // Dropped first so `object` is the only reference and changes in place, not by copy.
            container = nil
            try set(value, at: rest, in: &object[key], field: field)
            container = .object(object)
        case .index, .append:
            var array: [Value]
            switch container {
            case nil, .null?: array = []
            case .array(let existing)?: array = existing
            case let other?: throw NestedJSONFieldsError(field: field, reason: "an array step meets \(other.typeName)")
            }
            container = nil
            let index: Int
            if case .index(let at) = step {
                while array.count <= at { array.append(.null) }
                index = at
            } else {
                array.append(.null)
                index = array.count - 1
            }
            var child: Value? = array[index] == .null ? nil : array[index]
            array[index] = .null
            try set(value, at: rest, in: &child, field: field)
            array[index] = child ?? .null
            container = .array(array)
        }
    }
}
