import NIOCore

/// The many long waits of one event loop (a load run's think times, idle-close windows and ramp-up
/// offsets: one per device) in a heap of their own, with one SwiftNIO timer at the earliest.
///
/// Why not a SwiftNIO timer each: SwiftNIO keeps its timers in one heap per loop and cancels one
/// by a linear search of that heap, and every connection (its connect timeout) and every request
/// (its deadline) cancels one. With 100,000 devices each holding a think timer there, each of
/// those cancels walked ~50,000 timers. Here the loop's heap holds only the timers in flight.
/// The waits are never cancelled one by one (a stopped run wakes them all by its own means; a
/// wait that fires late finds nothing to do).
package final class LoopWakeups: @unchecked Sendable {
    /// A heap entry: plain values, so that moving one in the heap retains nothing.
    private struct Entry {
        var deadline: UInt64
        /// Breaks ties in the order the waits were made.
        var order: UInt64
        var slot: Int32
    }

    private let loop: any EventLoop
    private var heap: [Entry] = []
    private var actions: [(() -> Void)?] = []
    private var freeSlots: [Int32] = []
    private var nextOrder: UInt64 = 0
    /// The SwiftNIO timer at the earliest wait, and when it fires.
    private var armed: (deadline: UInt64, timer: Scheduled<Void>)?

    package init(loop: any EventLoop) {
        self.loop = loop
    }

    /// How many waits are pending (tests).
    package var count: Int {
        loop.preconditionInEventLoop()
        return heap.count
    }

    /// Runs `action` on the loop once `delay` has passed. Called on the loop or off it.
    package func schedule(in delay: TimeAmount, _ action: @escaping @Sendable () -> Void) {
        let deadline = NIODeadline.now() + delay
        if loop.inEventLoop {
            insert(deadline.uptimeNanoseconds, action)
        } else {
            loop.execute { self.insert(deadline.uptimeNanoseconds, action) }
        }
    }

    private func insert(_ deadline: UInt64, _ action: @escaping () -> Void) {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            actions[Int(slot)] = action
        } else {
            slot = Int32(actions.count)
            actions.append(action)
        }
        nextOrder += 1
        heap.append(Entry(deadline: deadline, order: nextOrder, slot: slot))
        siftUp(heap.count - 1)
        arm()
    }

    /// Makes the SwiftNIO timer fire at the earliest wait, moving it only when that is earlier.
    private func arm() {
        guard let first = heap.first else { return }
        if let armed, armed.deadline <= first.deadline { return }
        armed?.timer.cancel()
        let deadline = NIODeadline.uptimeNanoseconds(first.deadline)
        armed = (first.deadline, loop.scheduleTask(deadline: deadline) { [self] in fire() })
    }

    /// Runs every wait that is due, then arms for the next.
    private func fire() {
        armed = nil
        let now = NIODeadline.now().uptimeNanoseconds
        while let first = heap.first, first.deadline <= now {
            removeFirst()
            let action = actions[Int(first.slot)]
            actions[Int(first.slot)] = nil
            freeSlots.append(first.slot)
            action?()
        }
        arm()
    }

    private func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.order < b.order)
    }

    private func siftUp(_ start: Int) {
        var index = start
        let entry = heap[index]
        while index > 0 {
            let parent = (index - 1) / 2
            guard Self.precedes(entry, heap[parent]) else { break }
            heap[index] = heap[parent]
            index = parent
        }
        heap[index] = entry
    }

    private func siftDown(_ start: Int) {
        var index = start
        let entry = heap[index]
        while true {
            let left = 2 * index + 1
            guard left < heap.count else { break }
            let right = left + 1
            let child = right < heap.count && Self.precedes(heap[right], heap[left]) ? right : left
            guard Self.precedes(heap[child], entry) else { break }
            heap[index] = heap[child]
            index = child
        }
        heap[index] = entry
    }
}
