import Dispatch
import Synchronization

/// Hands batches from one thread to another, holding at most `capacity` of them: the reader
/// waits when the taker falls behind, so memory holds a few batches, not the file.
final class BatchHandOff<Element: Sendable>: Sendable {
    private struct State {
        var batches: [[Element]] = []
        var closed = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore

    init(capacity: Int) { room = DispatchSemaphore(value: capacity) }

    /// Waits for room, then hands `batch` over.
    func put(_ batch: [Element]) {
        room.wait()
        state.withLock { $0.batches.append(batch) }
        ready.signal()
    }

    /// No batch follows.
    func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    /// The next batch, waiting for it; `nil` once closed and every batch was taken.
    func take() -> [Element]? {
        while true {
            ready.wait()
            let batch = state.withLock { state -> [Element]?? in
                if !state.batches.isEmpty { return .some(state.batches.removeFirst()) }
                return state.closed ? .some(nil) : nil
            }
            if let batch {
                if batch != nil { room.signal() } else { ready.signal() }
                return batch
            }
        }
    }
}
