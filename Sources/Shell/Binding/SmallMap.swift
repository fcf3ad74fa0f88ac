/// A few named values with dictionary-style access. Commands bind two or three arguments; a
/// linear scan beats hashing and allocating a dictionary for every line of a script.
public struct SmallMap<Value: Sendable>: Sendable {
    private var entries: [(key: String, value: Value)] = []

    public init() {}

    public subscript(key: String) -> Value? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    public var keys: [String] { entries.map(\.key) }
    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
}

/// Positional arguments in order, a variadic one as several entries under one name: no array
/// per argument for the usual single value.
public struct BoundArguments: Sendable {
    private var entries: [(name: String, value: BoundValue)] = []

    public init() {}

    mutating func append(_ name: String, _ value: BoundValue) { entries.append((name, value)) }

    /// The first value given to `name`.
    public func first(_ name: String) -> BoundValue? {
        for entry in entries where entry.name == name { return entry.value }
        return nil
    }

    /// Every value given to `name`, in order.
    public func all(_ name: String) -> [BoundValue] { entries.filter { $0.name == name }.map(\.value) }

    /// The values of `name`, or `nil` when it was not given.
    public subscript(name: String) -> [BoundValue]? {
        let values = all(name)
        return values.isEmpty ? nil : values
    }
}
