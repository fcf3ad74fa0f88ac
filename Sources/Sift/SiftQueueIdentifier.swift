/// The SDK's two queues.
package enum SiftQueueIdentifier: String, Sendable, CaseIterable {
    case standard = "sift-default"
    case deviceProperties = "sift-devprops"

    /// The queue's batching policy.
    package var config: SiftQueueConfig {
        switch self {
        case .standard: return .standard
        case .deviceProperties: return .deviceProperties
        }
    }
}
