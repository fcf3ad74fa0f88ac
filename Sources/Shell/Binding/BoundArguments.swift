/// Positional arguments in order, a variadic one as several entries under one name: no array
/// per argument for the usual single value.
package struct BoundArguments: Sendable {
    /// A struct, not a tuple: copies of a tuple of these types go through the runtime's generic
    /// tuple witness, on every binding (the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    private struct Entry {
        var name: String
        var value: BoundValue
    }

    private var entries: [Entry] = []

    package init() {}

    mutating func append(_ name: String, _ value: BoundValue) { entries.append(Entry(name: name, value: value)) }

    /// How many values were given, all arguments together.
    var count: Int { entries.count }

    /// These arguments without the values at the indexes `removed` says.
    func removingValues(where removed: (Int) -> Bool) -> BoundArguments {
        var kept = BoundArguments()
        for (index, entry) in entries.enumerated() where !removed(index) { kept.entries.append(entry) }
        return kept
    }

    /// Replaces the value at `index` (in the order given).
    mutating func replaceValue(at index: Int, with value: BoundValue) { entries[index].value = value }

    /// Room for `count` entries at once: grown by appends, an `http` line's eleven items held
    /// room for sixteen (heaptrack: 1.7 KB of each load device's memory).
    mutating func reserve(_ count: Int) { entries.reserveCapacity(count) }

    /// The first value given to `name`.
    package func first(_ name: String) -> BoundValue? {
        for index in entries.indices where entries[index].name == name { return entries[index].value }
        return nil
    }

    /// Every value given to `name`, in order.
    package func all(_ name: String) -> [BoundValue] {
        // One pass into one array: filter then map made two. By index: a `for entry in entries`
        // loop copies every entry, name and value, to compare its name. Both are paid per `http`
        // line (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        var values: [BoundValue] = []
        values.reserveCapacity(entries.count)
        for index in entries.indices where entries[index].name == name { values.append(entries[index].value) }
        return values
    }

    /// The values of `name`, or `nil` when it was not given.
    package subscript(name: String) -> [BoundValue]? {
        let values = all(name)
        return values.isEmpty ? nil : values
    }
}
