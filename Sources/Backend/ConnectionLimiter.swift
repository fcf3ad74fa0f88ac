import NIOCore
import Synchronization

/// The connections one listener has open, for `ListenerLimits.maxConnections`: at the limit, a new
/// connection closes the one idle the longest (a client that sent nothing, half a head, or kept
/// its connection after its answer), so a new client is served while idle ones fill the limit;
/// while every connection has a request in hand, the new one is refused. Shared by the listener's
/// event loops.
package final class ConnectionLimiter: Sendable {
    private struct Entry {
        var channel: any Channel
        /// When it became idle (an order, not a time); `nil` while a request is in hand.
        var idleSince: UInt64?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Connections in the order they became idle, oldest first, from `start` on; an item is
        /// stale once its connection closed, took a request, or became idle again later.
        var idleOrder: [(id: ObjectIdentifier, since: UInt64)] = []
        var start = 0
        var clock: UInt64 = 0
        /// The limit was reached and said so; said again once the burst is over.
        var reported = false
    }

    private let limit: Int
    private let state = Mutex(State())
    private let onLimitReached: @Sendable (String) -> Void

    /// - Parameter onLimitReached: told once per burst (again only after the connections fell
    ///   below three quarters of the limit), with a sentence saying what happens now.
    package init(limit: Int, onLimitReached: @escaping @Sendable (String) -> Void) {
        self.limit = max(1, limit)
        self.onLimitReached = onLimitReached
    }

    /// Counts a new connection as idle: `false` when it is refused (the caller closes it). At the
    /// limit, the connection idle the longest is closed to make room.
    package func admit(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let (admitted, evicted, report) = state.withLock { state -> (Bool, (any Channel)?, Bool) in
            var evicted: (any Channel)?
            var report = false
            if state.entries.count >= limit {
                report = !state.reported
                state.reported = true
                evicted = Self.takeOldestIdle(&state)
                if evicted == nil { return (false, nil, report) }
            }
            state.entries[id] = Entry(channel: channel, idleSince: nil)
            Self.markIdle(id, &state)
            return (true, evicted, report)
        }
        evicted?.close(promise: nil)
        if report {
            onLimitReached(
                "\(limit) connections open, the --max-connections limit: each new one closes the connection idle the longest, or is refused while none is idle"
            )
        }
        return admitted
    }

    /// The connection waits for a request: it may be closed to make room.
    package func idle(_ channel: any Channel) {
        state.withLock { Self.markIdle(ObjectIdentifier(channel), &$0) }
    }

    /// The connection has a request in hand: it is not closed to make room.
    package func busy(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.idleSince = nil }
    }

    package func closed(_ channel: any Channel) {
        state.withLock { state in
            state.entries[ObjectIdentifier(channel)] = nil
            if state.reported, state.entries.count < limit * 3 / 4 { state.reported = false }
        }
    }

    private static func markIdle(_ id: ObjectIdentifier, _ state: inout State) {
        guard state.entries[id] != nil else { return }
        state.clock += 1
        state.entries[id]!.idleSince = state.clock
        state.idleOrder.append((id, state.clock))
        // Taken and stale items are dropped when they outnumber the rest, or the connections, so
        // the order stays within a few times the connections however many requests pass.
        let live = state.idleOrder.count - state.start
        if state.start > live || live > 2 * state.entries.count + 64 {
            state.idleOrder = state.idleOrder[state.start...].filter { state.entries[$0.id]?.idleSince == $0.since }
            state.start = 0
        }
    }

    /// Removes and returns the connection idle the longest, if any.
    private static func takeOldestIdle(_ state: inout State) -> (any Channel)? {
        while state.start < state.idleOrder.count {
            let (id, since) = state.idleOrder[state.start]
            state.start += 1
            if let entry = state.entries[id], entry.idleSince == since {
                state.entries[id] = nil
                return entry.channel
            }
        }
        state.idleOrder.removeAll(keepingCapacity: true)
        state.start = 0
        return nil
    }
}
