import DurableQueue

extension SiftClient {
    /// Moves the events of every ready queue (every non-empty one when `force`) into one new
    /// batch, as the SDK's `upload:`, and starts the uploader. Nothing moves while paused.
    ///
    /// The batch is journaled before the queues' new state records, which come before the
    /// queues acknowledge the moved events: a kill in between leaves the events in both places
    /// (sent twice at worst), never in neither.
    ///
    /// - Returns: how many events moved.
    @discardableResult
    func transfer(force: Bool) -> Int {
        let now = nowMillis
        let taken = state.withLock { state -> [(SiftQueueIdentifier, [SiftQueueStateMachine.Entry], SiftEvent?, Journal.Record?)] in
            guard !state.closed, !state.paused else { return [] }
            var taken: [(SiftQueueIdentifier, [SiftQueueStateMachine.Entry], SiftEvent?, Journal.Record?)] = []
            for identifier in SiftQueueIdentifier.allCases {
                var queue = state.queues[identifier]!
                guard force ? !queue.entries.isEmpty : queue.readiness(nowMillis: now).isReady else { continue }
                let entries = queue.transfer(nowMillis: now)
                state.queues[identifier] = queue
                taken.append((identifier, entries, queue.lastEvent, state.stateRecords[identifier]))
            }
            return taken
        }
        guard !taken.isEmpty else { return 0 }
        let events = taken.flatMap(\.1).sorted { $0.time < $1.time }
        let body = SiftEvent.listRequest(events.lazy.map(\.json))
        // Gzipped here rather than by the uploader: it sends one batch at a time, so its work per
        // batch sets the pace, and this thread has time to spare (the Sift bench: 887 of 3,031
        // batches still waiting when the last event was queued). Should it fail, the uploader
        // tries again and reports why.
        let gzipped = try? Self.gzip(body)
        do throws(JournalError) {
            try uploaderJournal.append(body) { seq in
                state.withLock { $0.uploader.add(SiftBatch(seq: seq, eventCount: events.count, body: body, gzipped: gzipped)) }
            }
        } catch {
            // Not durable as a batch: the events stay queued (their journal still holds them).
            state.withLock { state in
                for (identifier, entries, _, _) in taken { state.queues[identifier]!.putBack(entries) }
            }
            notify(.archiveProblem(error.message))
            return 0
        }
        for (identifier, entries, lastEvent, oldRecord) in taken {
            settleQueueJournal(identifier, moved: entries, lastEvent: lastEvent, oldRecord: oldRecord, now: now)
        }
        kick()
        return events.count
    }

    /// Writes the queue's new state record, then acknowledges the moved events and the old record.
    private func settleQueueJournal(
        _ identifier: SiftQueueIdentifier,
        moved entries: [SiftQueueStateMachine.Entry],
        lastEvent: SiftEvent?,
        oldRecord: Journal.Record?,
        now: Int64
    ) {
        let journal = queueJournals[identifier]!
        let bytes = SiftArchive.stateRecord(lastUploadMillis: now, lastEvent: lastEvent)
        do throws(JournalError) {
            try journal.append(bytes) { seq in state.withLock { $0.stateRecords[identifier] = Journal.Record(seq: seq, bytes: bytes) } }
            if let first = entries.first, let last = entries.last { try journal.acknowledge(first.seq, last.seq, count: entries.count) }
            if let oldRecord { try journal.acknowledge(oldRecord.seq, oldRecord.seq, count: 1) }
            let live = state.withLock { $0.queues[identifier]!.entries.count } + 1
            if journal.wantsCompaction(live: live) {
                try journal.rewrite {
                    state.withLock { state in
                        (state.stateRecords[identifier].map { [$0] } ?? [])
                            + state.queues[identifier]!.entries.map { Journal.Record(seq: $0.seq, bytes: $0.json) }
                    }
                }
            }
        } catch {
            notify(.archiveProblem(error.message))
        }
    }

    /// Applies the readiness rules now (the age rule needs a clock, not an append): the shell
    /// calls this about once a second.
    package func tick() {
        // A fleet's devices tick every second, most with nothing queued and nothing to send:
        // the transfer's look at each queue was 6.5% of the 100,000-device Sift fleet's CPU (perf).
        let idle = state.withLock { state in
            state.uploader.batches.isEmpty && state.queues.values.allSatisfy { $0.entries.isEmpty }
        }
        guard !idle else { return }
        transfer(force: false)
        kick()
    }

    /// The queues as they stand now.
    package func queueStatuses() -> [SiftQueueStatus] {
        let now = nowMillis
        return state.withLock { state in
            SiftQueueIdentifier.allCases.map { identifier in
                let queue = state.queues[identifier]!
                return SiftQueueStatus(
                    identifier: identifier,
                    config: queue.config,
                    count: queue.entries.count,
                    oldestMillis: queue.entries.first?.time,
                    lastUploadMillis: queue.lastUploadMillis,
                    readiness: queue.readiness(nowMillis: now)
                )
            }
        }
    }

    /// The uploader as it stands now.
    package func uploaderStatus() -> SiftUploaderStatus { state.withLock { Self.uploaderStatus($0) } }

    static func uploaderStatus(_ state: State) -> SiftUploaderStatus {
        SiftUploaderStatus(
            batches: state.uploader.batches.count,
            events: state.uploader.eventCount,
            rejects: state.uploader.rejects,
            transportFailures: state.uploader.transportFailures,
            retryAt: state.uploader.retryAt,
            sending: state.uploader.isSending,
            paused: state.paused,
            missing: state.missing,
            lastFailure: state.lastFailure
        )
    }
}
