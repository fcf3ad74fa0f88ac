import JSON
import Shell
import Synchronization

/// The compact JSON of a body whose nested fields are all text, made once per list of field
/// names and then only filled in: with text values, the body's shape (and any error in it) is a
/// function of the names alone.
///
/// Building the object field by field, then writing it, was most of an `http` line's work in
/// the Miataru load flow, whose bodies are nested fields; filling the template is a small part
/// (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
package final class NestedJSONTemplate: Sendable {
    /// The bytes between the values: one more than `holes`.
    private let chunks: [[UInt8]]
    /// Which field's value goes in each hole, in order; a field a later one replaced has none.
    private let holes: [Int]

    private init(chunks: [[UInt8]], holes: [Int]) {
        self.chunks = chunks
        self.holes = holes
    }

    /// The names a caller's line used last and their template (`nil`: they cannot be templated).
    package typealias Last = (names: [String], template: NestedJSONTemplate?)

    /// The body's compact JSON, as `JSONWriter.appendCompact(.object(NestedJSONFields.object(fields)))`
    /// writes it; `nil` when a value is not text (or the names cannot be templated), for the caller
    /// to build the object. The template comes from `last` when the names are the same (a line
    /// run again: no lookup in the shared cache and its lock), and is kept there.
    ///
    /// - Throws: what `NestedJSONFields.object` throws for these names.
    package static func body(_ fields: [(String, Value)], last: inout Last?) throws(NestedJSONFieldsError) -> [UInt8]? {
        var names: [String] = []
        names.reserveCapacity(fields.count)
        for (name, value) in fields {
            guard case .string = value else { return nil }
            names.append(name)
        }
        let template: NestedJSONTemplate?
        if let last, last.names == names {
            template = last.template
        } else {
            template = try Self.template(for: names)
            last = (names, template)
        }
        return template?.fill(fields)
    }

    /// The body of `fields`, whose names are the ones this template was made for, every value
    /// text: for a caller that knows it, without comparing the names again.
    package func fill(_ fields: [(String, Value)]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        for (chunk, field) in zip(chunks, holes) {
            out.append(contentsOf: chunk)
            if case .string(let text) = fields[field].1 { JSONWriter.appendString(text, to: &out) }
        }
        out.append(contentsOf: chunks[chunks.count - 1])
        return out
    }

    /// Templates by names, shared by every session of the process; `nil` entries are names that
    /// cannot be templated. Bounded: names made from variables could otherwise grow it for ever.
    private static let cache = Mutex<[Names: NestedJSONTemplate?]>([:])
    static let cacheLimit = 1024

    private static func template(for names: [String]) throws(NestedJSONFieldsError) -> NestedJSONTemplate? {
        let key = Names(names: names)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let made = try make(names)
        cache.withLock { entries in
            if entries.count < cacheLimit { entries[key] = made }
        }
        return made
    }

    /// Names hashed by their count and lengths alone, compared whole: hashing every byte of
    /// every name with SipHash was most of a lookup (load_bench.py's CPU s per 1,000 requests),
    /// and lists that collide are still told apart by `==`.
    private struct Names: Hashable {
        var names: [String]

        func hash(into hasher: inout Hasher) {
            hasher.combine(names.count)
            for name in names { hasher.combine(name.utf8.count) }
        }
    }

    /// Writes the body with a marker for each value (`"\u0000N\u0000"`, which no name can hold:
    /// names with a NUL are not templated) and cuts it at the markers.
    private static func make(_ names: [String]) throws(NestedJSONFieldsError) -> NestedJSONTemplate? {
        guard !names.contains(where: { $0.utf8.contains(0) }) else { return nil }
        let object = try NestedJSONFields.object(names.indices.map { (names[$0], .string("\u{0}\($0)\u{0}")) })
        var bytes: [UInt8] = []
        JSONWriter.appendCompact(.object(object), to: &bytes)
        let open = Array(#""\u0000"#.utf8)
        let close = Array(#"\u0000""#.utf8)
        var chunks: [[UInt8]] = []
        var holes: [Int] = []
        var start = 0
        var at = 0
        while at + open.count <= bytes.count {
            guard bytes[at..<(at + open.count)].elementsEqual(open) else {
                at += 1
                continue
            }
            var end = at + open.count
            var field = 0
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                field = field * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                end += 1
            }
            guard end + close.count <= bytes.count, bytes[end..<(end + close.count)].elementsEqual(close), field < names.count else {
                return nil
            }
            chunks.append(Array(bytes[start..<at]))
            holes.append(field)
            at = end + close.count
            start = at
        }
        chunks.append(Array(bytes[start...]))
        return NestedJSONTemplate(chunks: chunks, holes: holes)
    }
}
