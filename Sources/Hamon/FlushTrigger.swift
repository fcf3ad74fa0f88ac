import Transport

/// What made a flush happen.
package enum FlushTrigger: String, Sendable {
    /// 10 or more events were buffered.
    case count
    /// 10 seconds passed since the first buffered event.
    case timer
    /// `flush`.
    case manual
    /// The process is ending.
    case shutdown
}
