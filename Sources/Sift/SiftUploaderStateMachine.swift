import DequeModule

/// The uploader's rules as pure logic: one batch at a time, oldest first; only 200 succeeds;
/// 400 drops the batch; other statuses count rejects, back off and drop at the limit; transport
/// errors retry on a fixed delay up to a limit. Each step returns what the caller does next;
/// the caller does the I/O, the sleeping and the journaling.
package struct SiftUploaderStateMachine: Sendable {
    /// What the caller does next.
    package enum Action: Sendable, Equatable {
        /// Send this batch now.
        case send(SiftBatch)
        /// A retry is due at `at` (seconds, the injected clock); sleep, then call `retryTimerFired`.
        case sleep(until: Double)
        /// Nothing to do until something changes.
        case rest(RestReason)
    }

    /// Why the uploader has nothing to do.
    package enum RestReason: Sendable, Equatable {
        case empty
        case paused
        /// Account id or beacon key missing.
        case notConfigured
        /// A batch is being sent.
        case busy
    }

    /// What happened to the batch that was sent.
    package enum Outcome: Sendable, Equatable {
        case delivered(SiftBatch)
        case dropped(SiftBatch, DropReason)
        /// The batch stays first; it is tried again after `after` seconds.
        case retry(after: Double, reason: RetryReason)
    }

    package enum DropReason: Sendable, Equatable {
        /// The server answered 400: the batch will never be accepted.
        case badRequest
        /// The server refused it `rejectLimit` times; `status` is the last answer.
        case rejectLimit(status: Int)
        /// `transportRetryLimit` tries without an HTTP answer; `error` is the last.
        case transportLimit(error: String)
    }

    package enum RetryReason: Sendable, Equatable {
        /// `rejects` in a row so far, the last answered with `status`.
        case rejected(status: Int, rejects: Int)
        /// The `attempt`-th transport error in a row.
        case transport(error: String, attempt: Int)
    }

    package let policy: SiftUploadPolicy
    package private(set) var batches = Deque<SiftBatch>()
    /// Rejects of the first batch in a row (archived, as the SDK does).
    package private(set) var rejects = 0
    /// Transport errors of the first batch in a row.
    package private(set) var transportFailures = 0
    package private(set) var isPaused = false
    package private(set) var isSending = false
    /// When the pending retry is due, if one is.
    package private(set) var retryAt: Double?

    package init(policy: SiftUploadPolicy = SiftUploadPolicy(), batches: [SiftBatch] = [], rejects: Int = 0) {
        self.policy = policy
        self.batches = Deque(batches)
        self.rejects = rejects
    }

    /// Queues a batch behind the others.
    package mutating func add(_ batch: SiftBatch) { batches.append(batch) }

    /// The next step, given whether account id and beacon key are set.
    package mutating func next(configured: Bool) -> Action {
        if isSending { return .rest(.busy) }
        if isPaused { return .rest(.paused) }
        guard let first = batches.first else { return .rest(.empty) }
        if let retryAt { return .sleep(until: retryAt) }
        guard configured else { return .rest(.notConfigured) }
        isSending = true
        return .send(first)
    }

    /// The retry's wait is over: the next `next` sends.
    package mutating func retryTimerFired() { retryAt = nil }

    /// The server answered the batch being sent with `status`.
    package mutating func answered(status: Int, now: Double) -> Outcome {
        isSending = false
        transportFailures = 0
        guard let batch = batches.first else { return .retry(after: 0, reason: .rejected(status: status, rejects: rejects)) }
        switch status {
        case 200:
            batches.removeFirst()
            rejects = 0
            return .delivered(batch)
        case 400:
            return drop(batch, .badRequest, now: now)
        default:
            rejects += 1
            if rejects >= policy.rejectLimit { return drop(batch, .rejectLimit(status: status), now: now) }
            let delay = policy.backoff(afterRejects: rejects)
            retryAt = now + delay
            return .retry(after: delay, reason: .rejected(status: status, rejects: rejects))
        }
    }

    /// The batch being sent got no HTTP answer.
    package mutating func failed(error: String, now: Double) -> Outcome {
        isSending = false
        guard let batch = batches.first else { return .retry(after: 0, reason: .transport(error: error, attempt: 0)) }
        transportFailures += 1
        if transportFailures >= policy.transportRetryLimit { return drop(batch, .transportLimit(error: error), now: now) }
        retryAt = now + policy.transportRetryDelay
        return .retry(after: policy.transportRetryDelay, reason: .transport(error: error, attempt: transportFailures))
    }

    /// The send was abandoned (shutdown, Ctrl-C): the batch stays first, nothing counted.
    package mutating func abandoned() { isSending = false }

    /// Drops the first batch; like the SDK, the next one waits one base backoff.
    private mutating func drop(_ batch: SiftBatch, _ reason: DropReason, now: Double) -> Outcome {
        batches.removeFirst()
        rejects = 0
        transportFailures = 0
        retryAt = batches.isEmpty ? nil : now + policy.backoffBase
        return .dropped(batch, reason)
    }

    /// Stops sending (a batch being sent finishes).
    package mutating func pause() { isPaused = true }

    package mutating func resume() { isPaused = false }

    /// Events in every waiting batch.
    package var eventCount: Int { batches.reduce(0) { $0 + $1.eventCount } }
}
