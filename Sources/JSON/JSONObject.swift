import OrderedCollections

/// A JSON object that keeps its keys in insertion order, so results print the way they were built.
///
/// Stored as swift-collections' `OrderedDictionary`. Equality ignores order, as JSON's does
/// (`{"a":1,"b":2}` equals `{"b":2,"a":1}`); `OrderedDictionary`'s own `==` would not.
package struct JSONObject: Sendable, Equatable, Sequence {
    private var storage: OrderedDictionary<String, Value> = [:]

    package init() {}

    /// An empty object with room for `minimumCapacity` members: one allocation instead of one
    /// per doubling as members are added (a Sift event's result object grew five times).
    package init(minimumCapacity: Int) {
        storage.reserveCapacity(minimumCapacity)
    }

    /// The keys in insertion order.
    package var keys: [String] { storage.keys.elements }

    package var count: Int { storage.count }

    /// The member named `key`; setting `nil` removes it, setting a new key appends it.
    package subscript(key: String) -> Value? {
        get { storage[key] }
        set { storage[key] = newValue }
        // In place, so a nested value is changed without copying it (HTTPie's nested fields).
        _modify { yield &storage[key] }
    }

    package func makeIterator() -> Iterator { Iterator(base: storage.makeIterator()) }

    /// Members in insertion order.
    package struct Iterator: IteratorProtocol {
        var base: OrderedDictionary<String, Value>.Iterator

        package mutating func next() -> (key: String, value: Value)? { base.next() }
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storage.count == rhs.storage.count && lhs.storage.allSatisfy { rhs.storage[$0.key] == $0.value }
    }
}
