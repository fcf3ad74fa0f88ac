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
    /// Walks the name's UTF-8 buffer by offset (the brackets are ASCII), making a String only
    /// for each key: walking Characters, or indexing `String.UTF8View` with Substrings, is paid
    /// for every field name of every request of a load run (guarded by the CPU s per 1,000
    /// requests of scripts/bench/load_bench.py, whose Miataru flow names nested fields).
    static func steps(_ name: String) throws(NestedJSONFieldsError) -> [Step] {
        let read = { (bytes: UnsafeBufferPointer<UInt8>) in Result { () throws(NestedJSONFieldsError) in try steps(name, bytes) } }
        let found = name.utf8.withContiguousStorageIfAvailable(read) ?? Array(name.utf8).withUnsafeBufferPointer(read)
        return try found.get()
    }

    private static func steps(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) throws(NestedJSONFieldsError) -> [Step] {
        guard bytes.last == UInt8(ascii: "]"), let open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return [.key(name)] }
        guard open > 0 else { throw NestedJSONFieldsError(field: name, reason: "a path must start with a name (a top-level array is not supported)") }
        let head = text(bytes, 0..<open)
        var steps: [Step] = [.key(head)]
        steps.reserveCapacity(4)
        var at = open
        while at < bytes.count {
            guard bytes[at] == UInt8(ascii: "["), let close = bytes[(at + 1)...].firstIndex(of: UInt8(ascii: "]")) else {
                throw NestedJSONFieldsError(field: name, reason: "expected [key], [index] or [] after '\(head)'")
            }
            let inside = (at + 1)..<close
            if inside.isEmpty {
                steps.append(.append)
            } else if bytes[inside].allSatisfy(isIndexByte), let index = Int(text(bytes, inside)), index >= 0 {
                // Only digits and signs can make an Int, so other keys skip the conversion.
                guard index <= 10_000 else { throw NestedJSONFieldsError(field: name, reason: "index \(index) is past 10000") }
                steps.append(.index(index))
            } else {
                steps.append(.key(text(bytes, inside)))
            }
            at = close + 1
        }
        return steps
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func isIndexByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
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
