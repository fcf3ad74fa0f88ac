import NIOCore
import Synchronization

/// Requests held by the `timeout` fault: each waits until its client gives up (the connection
/// closes, which `HeldConnectionCloser` sees to) or the backend stops, and is never processed.
final class HeldRequests: Sendable {
    private let waiting = Mutex<(released: Bool, next: Int, continuations: [Int: CheckedContinuation<Void, Never>])>((false, 0, [:]))

    func hold(_ channel: any Channel) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let id = waiting.withLock { state -> Int? in
                if state.released { return nil }
                state.next += 1
                state.continuations[state.next] = continuation
                return state.next
            }
            guard let id else { return continuation.resume() }
            channel.closeFuture.whenComplete { _ in self.release(id) }
            channel.pipeline.fireUserInboundEventTriggered(HeldConnectionCloser.Held())
        }
    }

    private func release(_ id: Int) {
        waiting.withLock { $0.continuations.removeValue(forKey: id) }?.resume()
    }

    /// Requests held now.
    var count: Int { waiting.withLock { $0.continuations.count } }

    func releaseAll() {
        let continuations = waiting.withLock { state in
            state.released = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.resume() }
    }
}
