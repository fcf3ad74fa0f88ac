/// The uploader as `sift queues` shows it.
package struct SiftUploaderStatus: Sendable, Equatable {
    package var batches: Int
    package var events: Int
    package var rejects: Int
    package var transportFailures: Int
    /// When the next try is due (seconds), if one waits.
    package var retryAt: Double?
    package var sending: Bool
    package var paused: Bool
    /// What is missing before anything can be sent: `account`, `beacon key`.
    package var missing: [String]
    /// The last failure, as a sentence.
    package var lastFailure: String?
}
