/// A first-in first-out queue with O(1) amortised push and pop.
struct FIFOQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }
    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func push(_ element: Element) { storage.append(element) }

    mutating func pop() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        // Compact once the dead prefix dominates, so memory follows what is pending.
        if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Pending elements, oldest first.
    var elements: [Element] { storage[head...].map { $0! } }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
