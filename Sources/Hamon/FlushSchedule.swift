/// The queue's flush rules as pure logic: 10 or more events, or 10 seconds after the first
/// buffered event (checked each second), and only once a user id is set.
///
/// After an automatic flush fails, the count rule rests until the next timer flush is due, so a
/// dead server is tried every 10 seconds rather than after every logged event.
struct FlushSchedule: Sendable, Equatable {
    var threshold = 10
    var interval = 10.0
    /// When the oldest buffered event arrived (reset when the queue empties or a flush fails).
    private(set) var firstBufferedAt: Double?
    private(set) var countRuleRestsUntil = -Double.infinity

    enum Decision: Equatable {
        case none
        case flush(FlushTrigger)
        /// Events wait: no user id yet.
        case waitForUser
    }

    /// An event was buffered; `count` includes it.
    mutating func eventAdded(count: Int, hasUser: Bool, now: Double) -> Decision {
        if firstBufferedAt == nil { firstBufferedAt = now }
        guard hasUser else { return .waitForUser }
        guard count >= threshold, now >= countRuleRestsUntil else { return .none }
        return .flush(.count)
    }

    /// The once-a-second check.
    func tick(count: Int, hasUser: Bool, now: Double) -> Decision {
        guard count > 0, hasUser, let first = firstBufferedAt, now - first >= interval else { return .none }
        return .flush(.timer)
    }

    /// A user id was set while events were waiting.
    func userSet(count: Int, now: Double) -> Decision {
        guard count >= threshold, now >= countRuleRestsUntil else { return .none }
        return .flush(.count)
    }

    /// Everything buffered was handed to a flush.
    mutating func drained(remaining: Int, now: Double) {
        firstBufferedAt = remaining > 0 ? now : nil
    }

    /// A flush failed and its events are back in the queue.
    mutating func failed(now: Double, automatic: Bool) {
        firstBufferedAt = now
        if automatic { countRuleRestsUntil = now + interval }
    }

    /// A flush succeeded: the count rule works again at once.
    mutating func succeeded() { countRuleRestsUntil = -Double.infinity }

    /// The queue was cleared.
    mutating func reset() {
        firstBufferedAt = nil
        countRuleRestsUntil = -Double.infinity
    }
}
