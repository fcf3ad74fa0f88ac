import DequeModule

/// The last `capacity` elements, oldest first; appending to a full buffer drops the oldest.
package struct RecentItems<Element> {
    package let capacity: Int
    private var storage: Deque<Element> = []

    /// The storage grows as elements come, not to `capacity` at once: a tracker that made room
    /// for its 1,000 entries before the first took 192 KB, and 10,000 load devices' trackers
    /// 1.9 GB of heap (heaptrack, the Performance flow), each a mapping of its own.
    package init(capacity: Int) {
        precondition(capacity > 0, "the recent items need room for one element")
        self.capacity = capacity
    }

    package var count: Int { storage.count }
    package var isEmpty: Bool { storage.isEmpty }

    package mutating func append(_ element: Element) {
        if storage.count == capacity { storage.removeFirst() }
        storage.append(element)
    }

    /// Every element, oldest first.
    package func all() -> [Element] { Array(storage) }

    package func filter(_ predicate: (Element) -> Bool) -> [Element] { storage.filter(predicate) }

    package mutating func clear() { storage.removeAll(keepingCapacity: true) }
}
