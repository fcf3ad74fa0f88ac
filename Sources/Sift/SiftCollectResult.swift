/// What a collector did.
package enum SiftCollectResult: Sendable, Equatable {
    case appended(SiftAppendResult)
    /// Collection is paused (`pause`).
    case paused
    /// More than the limit in the window; the next collection is allowed at this time (seconds).
    case rateLimited(nextAllowed: Double)
}
