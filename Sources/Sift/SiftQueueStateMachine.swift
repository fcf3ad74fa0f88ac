import DequeModule

/// One queue's rules as pure logic on a given time: the same-event rule on append, readiness
/// by count and age, and transfer. It owns no file and reads no clock; `SiftClient` journals
/// what it decides.
package struct SiftQueueStateMachine: Sendable {
    /// A queued event: its journal number, time and wire JSON.
    package struct Entry: Sendable, Equatable {
        package var seq: Int
        package var time: Int64
        package var json: [UInt8]

        package init(seq: Int, time: Int64, json: [UInt8]) {
            self.seq = seq
            self.time = time
            self.json = json
        }
    }

    /// What to do with an event offered to the queue.
    package enum AppendDecision: Sendable, Equatable {
        case accept
        /// Essentially equal to the last event, which is younger than `acceptSameEventAfter`: the
        /// same event is taken again after `acceptAgainAfterMillis`.
        case dropSame(acceptAgainAfterMillis: Int64)
    }

    package let identifier: SiftQueueIdentifier
    package let config: SiftQueueConfig
    package private(set) var entries = Deque<Entry>()
    /// The last event appended (kept after a transfer, for the same-event rule).
    package private(set) var lastEvent: SiftEvent?
    /// When events were last transferred for upload; 0 before the first, so the first event is ready at once.
    package private(set) var lastUploadMillis: Int64 = 0

    package init(identifier: SiftQueueIdentifier, config: SiftQueueConfig? = nil) {
        self.identifier = identifier
        self.config = config ?? identifier.config
    }

    /// The same-event rule: dropped when essentially equal to the last event and
    /// `now < last.time + acceptSameEventAfter`.
    package func decide(_ event: SiftEvent, nowMillis: Int64) -> AppendDecision {
        guard config.acceptSameEventAfter > 0, let lastEvent, event.isEssentiallyEqual(to: lastEvent) else { return .accept }
        let until = lastEvent.time + config.acceptSameEventAfter * 1000
        return nowMillis < until ? .dropSame(acceptAgainAfterMillis: until) : .accept
    }

    /// Takes an accepted event (already journaled as `entry`).
    package mutating func appended(_ entry: Entry, event: SiftEvent) {
        entries.append(entry)
        lastEvent = event
    }

    /// Readiness exactly as the SDK's `readyForUpload`.
    package func readiness(nowMillis: Int64) -> SiftReadiness {
        let count = entries.count
        if config.uploadWhenMoreThan >= 0, count > config.uploadWhenMoreThan {
            return .full(count: count, moreThan: config.uploadWhenMoreThan)
        }
        if config.uploadWhenOlderThan > 0, count > 0, nowMillis > lastUploadMillis + config.uploadWhenOlderThan * 1000 {
            return .old(lastUploadMillis: lastUploadMillis, olderThan: config.uploadWhenOlderThan)
        }
        guard count > 0 else { return .empty }
        return .waiting(
            count: count,
            moreThan: config.uploadWhenMoreThan >= 0 ? config.uploadWhenMoreThan : nil,
            readyAfterMillis: config.uploadWhenOlderThan > 0 ? lastUploadMillis + config.uploadWhenOlderThan * 1000 : nil
        )
    }

    /// Hands every queued event over for upload and notes the time: the age rule counts from here.
    package mutating func transfer(nowMillis: Int64) -> [Entry] {
        let taken = Array(entries)
        entries.removeAll()
        lastUploadMillis = nowMillis
        return taken
    }

    /// Puts transferred events back at the front (their batch could not be journaled).
    package mutating func putBack(_ taken: [Entry]) { entries.insert(contentsOf: taken, at: 0) }

    /// Puts back what an archive held after a restart.
    package mutating func restore(entries restored: [Entry], lastEvent: SiftEvent?, lastUploadMillis: Int64) {
        entries = Deque(restored)
        self.lastEvent = lastEvent
        self.lastUploadMillis = lastUploadMillis
    }
}
