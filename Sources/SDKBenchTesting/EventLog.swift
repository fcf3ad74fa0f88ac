import Synchronization

/// Collects what an engine reports through its event callback (Performance's events, Hamon's
/// notices), for a test to read back in order.
///
/// ```swift
/// let log = EventLog<HamonNotice>()
/// let client = try HamonClient(..., events: { log.record($0) })
/// #expect(log.all.isEmpty)
/// ```
package final class EventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    package init() {}

    package func record(_ event: Event) { events.withLock { $0.append(event) } }

    /// Everything recorded so far, oldest first.
    package var all: [Event] { events.withLock { $0 } }
}
