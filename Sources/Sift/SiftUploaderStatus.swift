/// The uploader as `sift queues` shows it.
public struct SiftUploaderStatus: Sendable, Equatable {
    public var batches: Int
    public var events: Int
    public var rejects: Int
    public var transportFailures: Int
    /// When the next try is due (seconds), if one waits.
    public var retryAt: Double?
    public var sending: Bool
    public var paused: Bool
    /// What is missing before anything can be sent: `account`, `beacon key`.
    public var missing: [String]
    /// The last failure, as a sentence.
    public var lastFailure: String?
}
