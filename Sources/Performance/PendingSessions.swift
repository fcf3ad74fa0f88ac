import DequeModule

/// Pending `start`s: FIFO per (feature, layer) so `end` is O(1), and one global FIFO in start
/// order so expiry looks only at the oldest sessions (entries already ended are skipped lazily).
struct PendingSessions {
    struct Key: Hashable {
        var feature: String
        var layer: String
    }

    private struct Stamped {
        var sequence: UInt64
        var session: PendingSession
        /// Clock reading at `start`, for expiry.
        var createdAt: Double
    }

    private var byKey: [Key: Deque<Stamped>] = [:]
    private var inStartOrder = Deque<(key: Key, sequence: UInt64)>()
    private var nextSequence: UInt64 = 0
    private(set) var count = 0

    mutating func start(_ session: PendingSession, at now: Double) {
        let key = Key(feature: session.feature, layer: session.layer)
        nextSequence += 1
        byKey[key, default: []].append(Stamped(sequence: nextSequence, session: session, createdAt: now))
        inStartOrder.append((key, nextSequence))
        count += 1
    }

    /// The oldest pending session of `feature.layer`, removed.
    mutating func end(feature: String, layer: String) -> PendingSession? {
        let key = Key(feature: feature, layer: layer)
        guard let stamped = byKey[key]?.popFirst() else { return nil }
        if byKey[key]!.isEmpty { byKey[key] = nil }
        count -= 1
        compactStartOrder()
        return stamped.session
    }

    /// Removes and returns sessions created at or before `cutoff`, oldest first.
    mutating func expire(createdAtOrBefore cutoff: Double) -> [PendingSession] {
        var expired: [PendingSession] = []
        while let (key, sequence) = inStartOrder.first {
            guard let head = byKey[key]?.first, head.sequence == sequence else {
                _ = inStartOrder.popFirst()  // already ended
                continue
            }
            guard head.createdAt <= cutoff else { break }
            _ = inStartOrder.popFirst()
            _ = byKey[key]!.popFirst()
            if byKey[key]!.isEmpty { byKey[key] = nil }
            count -= 1
            expired.append(head.session)
        }
        return expired
    }

    /// Every pending session, in start order.
    var all: [PendingSession] {
        byKey.values.flatMap { $0 }.sorted { $0.sequence < $1.sequence }.map(\.session)
    }

    mutating func removeAll() {
        byKey.removeAll()
        inStartOrder.removeAll()
        count = 0
    }

    /// Drops ended sessions from the front of the start-order queue so it stays near `count`.
    private mutating func compactStartOrder() {
        while let (key, sequence) = inStartOrder.first, byKey[key]?.first?.sequence != sequence {
            _ = inStartOrder.popFirst()
        }
    }
}
