/// HTTP header fields in the order they were set, with case-insensitive names.
///
/// Names keep the spelling they were first given (what goes on the wire and into traces);
/// lookups ignore case, as HTTP says.
public struct HeaderFields: Sendable, Equatable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { add(name: name, value: value) }
    }

    /// The first value of `name`, ignoring case.
    public subscript(name: String) -> String? {
        let key = name.lowercased()
        return fields.first { $0.name.lowercased() == key }?.value
    }

    /// Every value of `name`, ignoring case, in order.
    public func values(named name: String) -> [String] {
        let key = name.lowercased()
        return fields.filter { $0.name.lowercased() == key }.map(\.value)
    }

    /// Replaces every field named `name` (any case) with one field.
    public mutating func set(name: String, value: String) {
        let key = name.lowercased()
        if let index = fields.firstIndex(where: { $0.name.lowercased() == key }) {
            let spelling = fields[index].name
            fields.removeAll { $0.name.lowercased() == key }
            fields.insert((spelling, value), at: Swift.min(index, fields.count))
        } else {
            fields.append((name, value))
        }
    }

    /// Adds a field, keeping the ones already there (`Set-Cookie` comes several times).
    public mutating func add(name: String, value: String) { fields.append((name, value)) }

    /// Removes every field named `name`, ignoring case.
    public mutating func remove(name: String) {
        let key = name.lowercased()
        fields.removeAll { $0.name.lowercased() == key }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public var count: Int { fields.count }

    /// Values grouped by name as the seed's `[String: [String]]` (names lowercased).
    public var grouped: [String: [String]] {
        var result: [String: [String]] = [:]
        for field in fields { result[field.name.lowercased(), default: []].append(field.value) }
        return result
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }
}
