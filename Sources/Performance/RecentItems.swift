import DequeModule

/// The last `capacity` elements, oldest first; appending to a full buffer drops the oldest.
public struct RecentItems<Element> {
    public let capacity: Int
    private var storage: Deque<Element> = []

    public init(capacity: Int) {
        precondition(capacity > 0, "the recent items need room for one element")
        self.capacity = capacity
        storage.reserveCapacity(Swift.min(capacity, 4096))
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    public mutating func append(_ element: Element) {
        if storage.count == capacity { storage.removeFirst() }
        storage.append(element)
    }

    /// Every element, oldest first.
    public func all() -> [Element] { Array(storage) }

    public func filter(_ predicate: (Element) -> Bool) -> [Element] { storage.filter(predicate) }

    public mutating func clear() { storage.removeAll(keepingCapacity: true) }
}
