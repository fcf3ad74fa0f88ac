import CompressNIO
import DurableQueue
import FoundationEssentials
import NIOCore
import Platform
import Transport

extension SiftClient {
    /// Transfers what is ready (everything queued when `force`) and waits until the uploader
    /// rests or waits for a retry; it goes on in the background after that.
    ///
    /// - Parameter force: ignore the queues' readiness, as the SDK's `upload:YES`.
    /// - Returns: what moved, what was delivered or dropped meanwhile, and the uploader's state.
    package func upload(force: Bool) async -> SiftUploadReport {
        await upload(force: force, throughRetriesFor: nil).report
    }

    /// Like `upload(force:)`, then, while batches wait and for at most `limit`, waits through
    /// retries too; what became ready meanwhile is transferred at the end.
    ///
    /// - Returns: everything moved, delivered or dropped from the call to its end, and whether
    ///   the uploader settled (nothing left but what it cannot send) within `limit`.
    package func upload(force: Bool, throughRetriesFor limit: Duration?) async -> (report: SiftUploadReport, settled: Bool) {
        let before = state.withLock { ($0.deliveredEvents, $0.deliveredBatches, $0.dropped.count) }
        var transferred = transfer(force: force)
        kick()
        await waitUntilSettled(throughRetries: false)
        var settled = true
        if let limit, uploaderStatus().batches > 0 {
            // `--wait` is the user's own seconds, on the real clock; the injected one paces the
            // uploader's retries (and in the shell's tests lets them pass at once).
            settled = await withDeadline(limit) { await self.waitUntilSettled(throughRetries: true) } != nil
            transferred += transfer(force: false)
            kick()
            await waitUntilSettled(throughRetries: false)
        }
        let report = state.withLock { state in
            SiftUploadReport(
                transferred: transferred,
                deliveredEvents: state.deliveredEvents - before.0,
                deliveredBatches: state.deliveredBatches - before.1,
                dropped: Array(state.dropped[before.2...]),
                uploader: Self.uploaderStatus(state)
            )
        }
        return (report, settled)
    }

    /// Returns once the uploader rests (nothing to send, paused, or not configured), or, unless
    /// `throughRetries`, once it waits for a retry. Cancelling the calling task returns at once.
    package func waitUntilSettled(throughRetries: Bool) async {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let settled = state.withLock { state -> Bool in
                    if Task.isCancelled || !state.driverRunning { return true }
                    if !throughRetries, state.uploader.retryAt != nil, !state.uploader.isSending { return true }
                    state.waiters[id] = Waiter(throughRetries: throughRetries, continuation: continuation)
                    return false
                }
                if settled { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    /// Cancels the uploader (a batch being sent stays in the journal for the next run), syncs and
    /// closes the journals. The engine refuses work afterwards.
    package func close() async {
        let driver = state.withLock { state -> Task<Void, Never>? in
            state.closed = true
            return state.driver
        }
        driver?.cancel()
        await driver?.value
        closeJournals()
    }

    /// `close()` at once when no upload loop runs (a load device whose upload ended); `false`,
    /// doing nothing, while one does. Awaiting `close()` through the shutdown's bridge made a
    /// task and a timer for every device at a fleet's end: 10,000 Sift devices' were the run's
    /// peak memory (heaptrack).
    package func closeIfIdle() -> Bool {
        let idle = state.withLock { state -> Bool in
            guard !state.driverRunning else { return false }
            state.closed = true
            return true
        }
        if idle { closeJournals() }
        return idle
    }

    private func closeJournals() {
        for journal in queueJournals.values { journal.close() }
        uploaderJournal.close()
    }

    /// Lets go of the journals without syncing, as a killed process would: tests restart an
    /// engine on the same files within one process.
    func abandonLikeAKilledProcess() {
        state.withLock { $0.closed = true }
        for journal in queueJournals.values { journal.close(sync: false) }
        uploaderJournal.close(sync: false)
    }

    /// Starts the upload loop unless it runs.
    func kick() {
        let start = state.withLock { state -> Bool in
            guard !state.driverRunning, !state.closed else { return false }
            state.driverRunning = true
            return true
        }
        guard start else { return }
        // On the transport's thread when it has one: the loop sends each batch and takes its
        // answer with no thread hop (two per batch otherwise, on the one-at-a-time path).
        let task = Task(executorPreference: http.withLock { $0 }.preferredExecutor) { await self.drive() }
        state.withLock { state in if state.driverRunning { state.driver = task } }
    }

    private enum Step {
        case send(SiftBatch, SiftUploadDestination)
        case sleep(Double)
        case stop
    }

    /// One batch at a time, until the state machine says rest; sleeps on the injected clock.
    private func drive() async {
        while true {
            let now = clock.now()
            let step = state.withLock { state -> Step in
                let action = state.closed ? .rest(.paused) : state.uploader.next(configured: state.missing.isEmpty)
                switch action {
                case .send(let batch):
                    let destination = SiftUploadDestination.current(
                        format: state.urlFormat,
                        account: state.account ?? "",
                        key: state.beaconKey ?? "",
                        last: state.destination
                    )
                    state.destination = destination
                    return .send(batch, destination)
                case .sleep(let until):
                    Self.resumeWaiters(&state, all: false)
                    return .sleep(max(0, until - now))
                case .rest:
                    state.driverRunning = false
                    state.driver = nil
                    Self.resumeWaiters(&state, all: true)
                    return .stop
                }
            }
            switch step {
            case .stop:
                return
            case .sleep(let seconds):
                do {
                    try await clock.sleep(for: .seconds(seconds))
                } catch {
                    return stopDriving()
                }
                state.withLock { $0.uploader.retryTimerFired() }
            case .send(let batch, let destination):
                let result = await send(batch, to: destination)
                if case .failure(.cancelled) = result {
                    state.withLock { $0.uploader.abandoned() }
                    return stopDriving()
                }
                apply(result, to: batch)
                if Task.isCancelled { return stopDriving() }
            }
        }
    }

    private func stopDriving() {
        state.withLock { state in
            state.driverRunning = false
            state.driver = nil
            Self.resumeWaiters(&state, all: true)
        }
    }

    private static func resumeWaiters(_ state: inout State, all: Bool) {
        for (id, waiter) in state.waiters where all || !waiter.throughRetries {
            state.waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// PUT, Basic auth with the bare key, JSON gzipped.
    private func send(_ batch: SiftBatch, to destination: SiftUploadDestination) async -> Result<Int, NetworkError> {
        let compressed: [UInt8]
        do {
            compressed = try batch.gzipped ?? Self.gzip(batch.body)
        } catch {
            return .failure(.invalidRequest("cannot gzip the batch: \(error)"))
        }
        var request = HTTPRequest(url: destination.url)
        request.setRawBody(compressed, contentType: "application/json", method: .put)
        request.setHeader(name: "Authorization", value: destination.authorization)
        request.setHeader(name: "Content-Encoding", value: "gzip")
        do throws(NetworkError) {
            return .success(try await http.withLock { $0 }.send(request).status.code)
        } catch {
            return .failure(error)
        }
    }

    /// A list request as it goes on the wire.
    static func gzip(_ body: [UInt8]) throws -> [UInt8] {
        var buffer = ByteBuffer(bytes: body)
        return Array(try buffer.compress(with: .gzip()).readableBytesView)
    }

    /// Feeds the answer to the state machine, journals what it decided and reports it.
    private func apply(_ result: Result<Int, NetworkError>, to batch: SiftBatch) {
        let now = clock.now()
        let (outcome, rejectsBefore, rejectsAfter, liveCount) = state.withLock { state in
            let before = state.uploader.rejects
            let failuresBefore = state.uploader.transportFailures
            let outcome: SiftUploaderStateMachine.Outcome
            switch result {
            case .success(let status): outcome = state.uploader.answered(status: status, now: now)
            case .failure(let error): outcome = state.uploader.failed(error: error.description, now: now)
            }
            switch outcome {
            case .delivered:
                state.deliveredEvents += batch.eventCount
                state.deliveredBatches += 1
                if before > 0 || failuresBefore > 0 { state.lastFailure = nil }
            case .dropped(let dropped, let reason):
                state.dropped.append(SiftDroppedBatch(events: dropped.eventCount, reason: reason))
                state.lastFailure = SiftText.drop(reason)
            case .retry(_, let reason):
                state.lastFailure = SiftText.retry(reason)
            }
            return (outcome, before, state.uploader.rejects, state.uploader.batches.count)
        }
        switch outcome {
        case .delivered, .dropped:
            do throws(JournalError) {
                try uploaderJournal.acknowledge(batch.seq, batch.seq, count: 1)
                if liveCount == 0 || uploaderJournal.wantsCompaction(live: liveCount) {
                    // The batches are read under the journal's lock, as `settleQueueJournal` does: a
                    // batch journaled since the count above is in the state by then, and kept.
                    try uploaderJournal.rewrite {
                        state.withLock { $0.uploader.batches.map { Journal.Record(seq: $0.seq, bytes: $0.body) } }
                    }
                }
            } catch {
                notify(.archiveProblem(error.message))
            }
        case .retry:
            break
        }
        if rejectsBefore != rejectsAfter, configuration.storage == .files {
            do throws(FileError) {
                try SiftArchive.writeRejects(rejectsAfter, to: configuration.uploaderStatePath)
            } catch {
                notify(.archiveProblem(error.description))
            }
        }
        switch outcome {
        case .delivered(let delivered):
            notify(.delivered(events: delivered.eventCount, afterFailures: rejectsBefore > 0))
        case .dropped(let dropped, let reason):
            notify(.dropped(events: dropped.eventCount, reason: reason))
        case .retry(let delay, .rejected(let status, let rejects)):
            notify(.rejected(events: batch.eventCount, status: status, rejects: rejects, retryIn: delay))
        case .retry(let delay, .transport(let error, let attempt)):
            notify(.transportFailed(events: batch.eventCount, error: error, attempt: attempt, retryIn: delay))
        }
    }
}
