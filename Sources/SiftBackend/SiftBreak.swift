import Backend

/// The Sift rules the embedded backend can break (`BackendBreaks`), named as the Sift conformance
/// suite's rules.
enum SiftBreak: String, BreakableRule {
    /// A good upload answers 200 without Sift's `{"status":0,"error_message":"OK"}`.
    case accepted = "sift.upload.accepted"
    /// A wrong beacon key is accepted.
    case wrongKey = "sift.auth.wrong-key"
    /// An upload without Authorization is accepted.
    case missingKey = "sift.auth.missing-key"
    /// A body that says gzip but is not is a 500.
    case notGzip = "sift.body.not-gzip"
    /// JSON that is not the list request is accepted.
    case notListRequest = "sift.body.not-list-request"
    /// An event with a non-string field value is accepted.
    case nonStringField = "sift.event.non-string-field"
    /// A batch of more than 32 events is refused (413).
    case sdkBatchSize = "sift.batch.sdk-size"
    /// `ios_app_state` and `ios_device_properties` are read as string maps like `fields`, so an
    /// app state with its numbers (`battery_level`) is refused.
    case sdkKeys = "sift.event.sdk-keys"
    /// A refused upload whose body reads as a list request is stored all the same (stored first,
    /// checked after).
    case refusedNotCounted = "sift.upload.refused-not-counted"
}
