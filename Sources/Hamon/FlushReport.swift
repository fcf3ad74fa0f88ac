import Transport

/// The outcome of one flush.
public struct FlushReport: Sendable, Equatable {
    public var trigger: FlushTrigger
    /// Events the server accepted (200).
    public var delivered: Int = 0
    /// Requests that carried them.
    public var batches: Int = 0
    /// Events still queued afterwards (the failed batch is among them, at the front).
    public var remaining: Int = 0
    /// Why it stopped early; `nil` when everything queued was sent.
    public var failure: DeliveryFailure?
    /// Nothing could be sent because no user id is set.
    public var waitingForUser = false

    public init(trigger: FlushTrigger) { self.trigger = trigger }
}
