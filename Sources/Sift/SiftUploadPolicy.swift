/// The uploader's numbers, from wire-notes: rejects back off 5 s, 10 s, 20 s … and drop the
/// batch at the third; transport errors retry every 5 s, 120 times (10 minutes).
package struct SiftUploadPolicy: Sendable, Equatable {
    /// Rejects (non-200, non-400 answers) after which a batch is dropped.
    package var rejectLimit = 3
    /// The first backoff; each further reject doubles it.
    package var backoffBase = 5.0
    /// Seconds between tries after a transport error (no HTTP answer).
    package var transportRetryDelay = 5.0
    /// Transport errors after which a batch is dropped.
    package var transportRetryLimit = 120

    package init() {}

    /// The wait after the `rejects`-th reject in a row (1 → 5 s, 2 → 10 s, 3 → 20 s).
    package func backoff(afterRejects rejects: Int) -> Double {
        backoffBase * Double(1 << min(max(rejects - 1, 0), 16))
    }
}
