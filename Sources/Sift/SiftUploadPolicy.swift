/// The uploader's numbers, from wire-notes: rejects back off 5 s, 10 s, 20 s … and drop the
/// batch at the third; transport errors retry every 5 s, 120 times (10 minutes).
public struct SiftUploadPolicy: Sendable, Equatable {
    /// Rejects (non-200, non-400 answers) after which a batch is dropped.
    public var rejectLimit = 3
    /// The first backoff; each further reject doubles it.
    public var backoffBase = 5.0
    /// Seconds between tries after a transport error (no HTTP answer).
    public var transportRetryDelay = 5.0
    /// Transport errors after which a batch is dropped.
    public var transportRetryLimit = 120

    public init() {}

    /// The wait after the `rejects`-th reject in a row (1 → 5 s, 2 → 10 s, 3 → 20 s).
    public func backoff(afterRejects rejects: Int) -> Double {
        backoffBase * Double(1 << min(max(rejects - 1, 0), 16))
    }
}
