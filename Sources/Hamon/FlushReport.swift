import Transport

/// The outcome of one flush.
package struct FlushReport: Sendable, Equatable {
    package var trigger: FlushTrigger
    /// Events the server accepted (200).
    package var delivered: Int = 0
    /// Requests that carried them.
    package var batches: Int = 0
    /// Events still queued afterwards (the failed batch is among them, at the front).
    package var remaining: Int = 0
    /// Why it stopped early; `nil` when everything queued was sent.
    package var failure: DeliveryFailure?
    /// Nothing could be sent because no user id is set.
    package var waitingForUser = false

    package init(trigger: FlushTrigger) { self.trigger = trigger }
}
