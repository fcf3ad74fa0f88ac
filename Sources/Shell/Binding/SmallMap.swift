/// A few named values with dictionary-style access. Commands bind two or three arguments; a
/// linear scan beats hashing and allocating a dictionary for every line of a script.
package struct SmallMap<Value: Sendable>: Sendable {
    private var entries: [(key: String, value: Value)] = []

    package init() {}

    package subscript(key: String) -> Value? {
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

    /// Whether `key` has a value, without taking a copy of it out.
    package func contains(_ key: String) -> Bool {
        for index in entries.indices where entries[index].key == key { return true }
        return false
    }

    package var keys: [String] { entries.map(\.key) }
    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }
}
