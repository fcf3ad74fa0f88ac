import Synchronization

/// What the backend has received, by service, for `backend received ...`.
final class BackendStore: Sendable {
    struct HamonEvent: Sendable {
        var uuid: String
        var userID: String
        var name: String
        var timestamp: String
        /// The `parameters` value exactly as it arrived.
        var parameters: String
        /// How many more times the same uuid arrived (at-least-once delivery).
        var duplicates: Int
    }

    private struct State {
        var requests: [BackendService: Int] = [:]
        var hamonUsers: [String: String] = [:]
        var hamonUserOrder: [String] = []
        var hamonUserUpdates = 0
        var hamonEvents: [HamonEvent] = []
        var hamonIndex: [String: Int] = [:]
        var hamonBatches = 0
        var perfEntries: [String] = []
        var perfBatches = 0
        var perfAppVersions: Set<String> = []
    }

    private let state = Mutex(State())

    func countRequest(_ service: BackendService) { state.withLock { $0.requests[service, default: 0] += 1 } }

    func requests(_ service: BackendService) -> Int { state.withLock { $0.requests[service] ?? 0 } }

    func storeUser(_ id: String, json: String) {
        state.withLock { state in
            if state.hamonUsers.updateValue(json, forKey: id) == nil { state.hamonUserOrder.append(id) }
            state.hamonUserUpdates += 1
        }
    }

    func storeEvents(_ events: [HamonEvent]) {
        state.withLock { state in
            state.hamonBatches += 1
            for event in events {
                if let index = state.hamonIndex[event.uuid] {
                    state.hamonEvents[index].duplicates += 1
                } else {
                    state.hamonIndex[event.uuid] = state.hamonEvents.count
                    state.hamonEvents.append(event)
                }
            }
        }
    }

    func storePerformance(entries: [String], appVersion: String) {
        state.withLock { state in
            state.perfBatches += 1
            state.perfEntries.append(contentsOf: entries)
            state.perfAppVersions.insert(appVersion)
        }
    }

    func clear(_ service: BackendService?) {
        state.withLock { state in
            if service == nil || service == .hamon {
                state.hamonUsers = [:]
                state.hamonUserOrder = []
                state.hamonUserUpdates = 0
                state.hamonEvents = []
                state.hamonIndex = [:]
                state.hamonBatches = 0
            }
            if service == nil || service == .perf {
                state.perfEntries = []
                state.perfBatches = 0
                state.perfAppVersions = []
            }
            if let service { state.requests[service] = nil } else { state.requests = [:] }
        }
    }

    /// What a service received, as JSON text. `limit` keeps the newest items only (the counts stay whole).
    func receivedJSON(_ service: BackendService, limit: Int?) -> String {
        state.withLock { state in
            switch service {
            case .hamon:
                let events = limit.map { Array(state.hamonEvents.suffix($0)) } ?? state.hamonEvents
                let duplicates = state.hamonEvents.reduce(0) { $0 + $1.duplicates }
                var out = "{\"requests\":\(state.requests[.hamon] ?? 0),\"batches\":\(state.hamonBatches)"
                out += ",\"count\":\(state.hamonEvents.count),\"duplicates\":\(duplicates)"
                out += ",\"user_updates\":\(state.hamonUserUpdates),\"users\":{"
                out += state.hamonUserOrder.map { WireText.quote($0) + ":" + state.hamonUsers[$0]! }.joined(separator: ",")
                out += "},\"events\":["
                out += events.map { event in
                    "{\"uuid\":\(WireText.quote(event.uuid)),\"user\":\(WireText.quote(event.userID)),\"name\":\(WireText.quote(event.name))"
                        + ",\"timestamp\":\(event.timestamp),\"parameters\":\(event.parameters),\"duplicates\":\(event.duplicates)}"
                }.joined(separator: ",")
                return out + "]}"
            case .perf:
                let entries = limit.map { Array(state.perfEntries.suffix($0)) } ?? state.perfEntries
                var out = "{\"requests\":\(state.requests[.perf] ?? 0),\"batches\":\(state.perfBatches),\"count\":\(state.perfEntries.count)"
                out += ",\"app_versions\":[" + state.perfAppVersions.sorted().map(WireText.quote).joined(separator: ",") + "]"
                return out + ",\"entries\":[" + entries.joined(separator: ",") + "]}"
            case .sift, .miataru:
                return "{\"requests\":\(state.requests[service] ?? 0),\"count\":0}"
            }
        }
    }
}
