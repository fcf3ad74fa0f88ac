import Platform
import Synchronization

/// Times operations with `start`/`end` per feature and layer, keeps the last entries in memory,
/// summarises durations, and hands entries to destinations. Thread-safe; never prints.
package final class PerformanceTracker: Sendable {
    package let configuration: PerformanceConfiguration
    /// The device entries are recorded on; another phone after `setDeviceContext`.
    package var deviceContext: DeviceContext { device.withLock { $0 } }
    private let device: Mutex<DeviceContext>
    private let clock: any WallClock
    private let events: @Sendable (PerformanceEvent) -> Void
    private let state: Mutex<State>

    fileprivate struct Registered {
        var id: Int
        var destination: any PerformanceDestination
        var filter: DestinationFilter
        var isRetiring: Bool
    }

    fileprivate struct State {
        var isEnabled = true
        var userIDHash: String?
        var pending = PendingSessions()
        var cache: RecentItems<PerformanceEntry>
        var timings = TimingRecorder()
        var destinations: [Registered] = []
        var nextDestinationID = 1
        /// Per feature.layer, the last entry id given and how many times it came again (sessions
        /// of one feature.layer end in the order they started, so the last one is enough).
        var lastIDs: [String: (base: String, repeats: Int)] = [:]
    }

    /// - Parameter events: receives warnings, console lines and delivery reports, on the caller's thread.
    package init(
        configuration: PerformanceConfiguration = PerformanceConfiguration(),
        clock: any WallClock,
        deviceContext: DeviceContext,
        events: @escaping @Sendable (PerformanceEvent) -> Void
    ) {
        self.configuration = configuration
        self.clock = clock
        device = Mutex(deviceContext)
        self.events = events
        state = Mutex(State(cache: RecentItems(capacity: configuration.cacheCapacity)))
    }

    /// Records later entries as made on `context` (`device set`).
    package func setDeviceContext(_ context: DeviceContext) { device.withLock { $0 = context } }

    /// Opens a session; `nil` when tracking is disabled.
    @discardableResult
    package func start(feature: String, layer: String, metadata: [String: String] = [:]) -> PendingSession? {
        let now = clock.now()
        return state.withLock { state in
            guard state.isEnabled else { return nil }
            let session = PendingSession(feature: feature, layer: layer, startTime: now, metadata: metadata)
            state.pending.start(session, at: now)
            return session
        }
    }

    /// Closes the oldest open session of `feature.layer` (FIFO) and records it. Without one, a
    /// warning event and `nil`. Metadata given here is merged over the start's.
    @discardableResult
    package func end(feature: String, layer: String, metadata: [String: String] = [:]) -> PerformanceEntry? {
        let now = clock.now()
        var warning: String?
        let entry: PerformanceEntry? = state.withLock { state in
            guard state.isEnabled else { return nil }
            guard let session = state.pending.end(feature: feature, layer: layer) else {
                warning = "end() called for \(feature).\(layer) without start()"
                return nil
            }
            var merged = session.metadata
            for (key, value) in metadata { merged[key] = value }
            let entry = PerformanceEntry(
                id: state.uniqueID(PerformanceEntry.makeID(feature: feature, layer: layer, startTime: session.startTime), key: feature + "." + layer),
                feature: feature,
                layer: layer,
                startTime: session.startTime,
                endTime: now,
                duration: max(0, now - session.startTime),
                metadata: merged,
                context: deviceContext,
                userIDHash: state.userIDHash
            )
            state.cache.append(entry)
            state.timings.record(feature: feature, layer: layer, duration: entry.duration)
            return entry
        }
        if let warning { events(.warning(warning)) }
        // Destinations are called with no lock held: they write files or send, and a destination
        // (or an event handler) may call back into the tracker.
        if let entry {
            let receivers = state.withLock { state in
                state.destinations.filter { !$0.isRetiring && $0.filter.admits(entry) }.map(\.destination)
            }
            for destination in receivers { destination.log(entry, emit: events) }
        }
        return entry
    }

    private func destinationsSnapshot() -> [any PerformanceDestination] {
        state.withLock { $0.destinations.map(\.destination) }
    }

    /// Open sessions, oldest first.
    package var pendingSessions: [PendingSession] { state.withLock { $0.pending.all } }

    package var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Cached entries, oldest first, optionally only one feature and/or layer.
    package func logs(feature: String? = nil, layer: String? = nil) -> [PerformanceEntry] {
        state.withLock { state in
            if feature == nil && layer == nil { return state.cache.all() }
            return state.cache.filter { (feature == nil || $0.feature == feature) && (layer == nil || $0.layer == layer) }
        }
    }

    /// Count, min, p50, p90, p99 and max per feature.layer since the start or the last `clear`.
    package func stats() -> [TimingStats] { state.withLock { $0.timings.stats() } }

    /// Equal-width duration bars for one feature.layer.
    package func histogram(feature: String, layer: String, buckets: Int = 10) -> [HistogramBucket] {
        state.withLock { $0.timings.histogram(feature: feature, layer: layer, buckets: buckets) }
    }

    /// Forgets cached entries, statistics and pending sessions (destinations keep what they hold).
    package func clear() {
        state.withLock { state in
            state.cache.clear()
            state.timings.removeAll()
            state.pending.removeAll()
        }
    }

    package func enable() { state.withLock { $0.isEnabled = true } }
    package func disable() { state.withLock { $0.isEnabled = false } }
    package var isEnabled: Bool { state.withLock { $0.isEnabled } }

    /// Tags later entries with the SHA-256 of `userID` (the id itself is never kept); `nil` clears it.
    package func setUser(_ userID: String?) {
        let hash = userID.map(UserHash.sha256Hex)
        state.withLock { $0.userIDHash = hash }
    }

    package var userIDHash: String? { state.withLock { $0.userIDHash } }

    /// Adds a destination and returns its id.
    ///
    /// - Parameter filter: which timings it receives (the kit's `filter` predicate); all by default.
    /// - Returns: the id `removeDestination(id:)` and `perf destination list` use.
    @discardableResult
    package func addDestination(_ destination: any PerformanceDestination, filter: DestinationFilter = DestinationFilter()) -> Int {
        register(destination, filter: filter, isRetiring: false)
    }

    /// Adds a destination that only delivers what it already holds (timings an earlier run kept):
    /// it receives no new timings, flushes and ticks as any other, and leaves the tracker once
    /// `isDrained` (see `retireDrained`).
    ///
    /// - Parameter filter: the filter it had when it was added, for the list to show.
    /// - Returns: its id.
    @discardableResult
    package func addRetiringDestination(_ destination: any PerformanceDestination, filter: DestinationFilter = DestinationFilter()) -> Int {
        register(destination, filter: filter, isRetiring: true)
    }

    private func register(_ destination: any PerformanceDestination, filter: DestinationFilter, isRetiring: Bool) -> Int {
        state.withLock { state in
            let id = state.nextDestinationID
            state.nextDestinationID += 1
            state.destinations.append(Registered(id: id, destination: destination, filter: filter, isRetiring: isRetiring))
            return id
        }
    }

    /// Flushes and removes a destination; `false` when there is none with that id.
    package func removeDestination(id: Int) -> Bool {
        let removed = state.withLock { state -> (any PerformanceDestination)? in
            guard let index = state.destinations.firstIndex(where: { $0.id == id }) else { return nil }
            return state.destinations.remove(at: index).destination
        }
        removed?.flush(emit: events)
        return removed != nil
    }

    /// Flushes and removes every destination, as the kit's `removeAllDestinations`.
    ///
    /// - Returns: the ids removed, in the order they were added.
    @discardableResult
    package func removeAllDestinations() -> [Int] {
        let removed = state.withLock { state in
            defer { state.destinations.removeAll() }
            return state.destinations
        }
        for registered in removed { registered.destination.flush(emit: events) }
        return removed.map(\.id)
    }

    /// Destinations in the order they were added.
    package var destinations: [DestinationInfo] {
        state.withLock { state in
            state.destinations.map {
                DestinationInfo(id: $0.id, description: $0.destination.description, filter: $0.filter, isRetiring: $0.isRetiring)
            }
        }
    }

    /// Removes retiring destinations that delivered everything, each reported as `retired`.
    /// `tick` calls it; a host may call it after waiting for a flush.
    package func retireDrained() {
        let retired = state.withLock { state in
            var done: [Registered] = []
            state.destinations.removeAll { registered in
                guard registered.isRetiring, registered.destination.isDrained else { return false }
                done.append(registered)
                return true
            }
            return done
        }
        for registered in retired { events(.retired(id: registered.id, destination: registered.destination.description)) }
    }

    /// Expires sessions older than the timeout and lets destinations flush on their interval.
    /// The host calls it about once a second.
    package func tick() {
        let cutoff = clock.now() - configuration.sessionTimeout
        let expired = state.withLock { $0.pending.expire(createdAtOrBefore: cutoff) }
        for destination in destinationsSnapshot() { destination.tick(emit: events) }
        retireDrained()
        for session in expired {
            events(
                .warning(
                    "session \(session.feature).\(session.layer) started at \(Timestamps.iso(session.startTime)) expired after \(Int(configuration.sessionTimeout)) s without end()"
                )
            )
        }
    }

    /// Writes or sends everything destinations hold.
    package func flush() {
        for destination in destinationsSnapshot() { destination.flush(emit: events) }
    }

    /// Flushes every destination and reports sessions left open; the tracker stays usable.
    package func shutdown() {
        flush()
        let open = state.withLock { $0.pending.count }
        if open > 0 { events(.warning("\(open) perf session\(open == 1 ? "" : "s") still open at exit (no end())")) }
    }
}

extension PerformanceTracker.State {
    /// `base`, or `base` with three more digits of fraction when the same feature and layer
    /// started in the same millisecond before: ids stay unique within a run and keep the kit's
    /// `<feature>_<layer>_<seconds with fraction>` shape.
    mutating func uniqueID(_ base: String, key: String) -> String {
        guard let last = lastIDs[key], last.base == base else {
            lastIDs[key] = (base, 0)
            return base
        }
        lastIDs[key] = (base, last.repeats + 1)
        let digits = String(last.repeats + 1)
        return base + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
