import NIOCore

/// One connection's side of its listener's limits: the head timeout from its start, or from the
/// first byte after an idle wait, until a request head is whole; the idle timeout after each
/// answer; its place among the listener's connections (`ConnectionLimiter`). Its owner tells it
/// what happens; on the connection's event loop only.
package final class ConnectionWatch {
    private enum Phase {
        /// Just accepted: the head timeout runs from here.
        case fresh
        /// After an answer, waiting for the next request.
        case idle
        /// Bytes of a head came, not the whole head.
        case head
        /// Requests in hand.
        case busy(Int)
        case closed
    }

    private let channel: any Channel
    private let limiter: ConnectionLimiter
    private let limits: ListenerLimits
    private let closesIdle: Bool
    private var phase = Phase.fresh
    private var timer: Scheduled<Void>?

    /// - Parameter closesIdle: `false` where the server closes idle connections itself
    ///   (Hummingbird's `idleTimeout`).
    package init(channel: any Channel, limiter: ConnectionLimiter, limits: ListenerLimits, closesIdle: Bool) {
        self.channel = channel
        self.limiter = limiter
        self.limits = limits
        self.closesIdle = closesIdle
    }

    /// The connection is accepted: `false` when the listener is full of busy connections, and the
    /// owner closes it.
    package func opened() -> Bool {
        guard limiter.admit(channel) else {
            phase = .closed
            return false
        }
        arm(limits.headTimeout)
        return true
    }

    /// Bytes came from the client.
    package func bytesArrived() {
        switch phase {
        case .fresh:
            // Its head timeout already runs, from the start.
            phase = .head
        case .idle:
            phase = .head
            arm(limits.headTimeout)
        case .head, .busy, .closed:
            break
        }
    }

    /// A request head is whole.
    package func requestStarted() {
        switch phase {
        case .busy(let count): phase = .busy(count + 1)
        case .closed: return
        default:
            phase = .busy(1)
            disarm()
            limiter.busy(channel)
        }
    }

    /// An answer ended; `bytesWaiting`: bytes of a next request are already in hand.
    package func requestEnded(bytesWaiting: Bool = false) {
        guard case .busy(let count) = phase else { return }
        guard count <= 1 else {
            phase = .busy(count - 1)
            return
        }
        limiter.idle(channel)
        if bytesWaiting {
            phase = .head
            arm(limits.headTimeout)
        } else {
            phase = .idle
            if closesIdle { arm(limits.idleTimeout) } else { disarm() }
        }
    }

    package func closed() {
        if case .closed = phase { return }
        phase = .closed
        disarm()
        limiter.closed(channel)
    }

    private func arm(_ timeout: Duration) {
        timer?.cancel()
        let channel = channel
        timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
