import Backend
import Synchronization

/// What the Hamon routes received: the latest user object per id and the events, deduplicated by uuid.
final class HamonRecorder: ServiceRecorder {
    struct Event: Sendable {
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
        var users: [String: String] = [:]
        var userOrder: [String] = []
        var userUpdates = 0
        var events: [Event] = []
        var eventIndex: [String: Int] = [:]
        var batches = 0
    }

    private let state = Mutex(State())

    func storeUser(_ id: String, json: String) {
        state.withLock { state in
            if state.users.updateValue(json, forKey: id) == nil { state.userOrder.append(id) }
            state.userUpdates += 1
        }
    }

    func storeEvents(_ events: [Event]) {
        state.withLock { state in
            state.batches += 1
            for event in events {
                if let index = state.eventIndex[event.uuid] {
                    state.events[index].duplicates += 1
                } else {
                    state.eventIndex[event.uuid] = state.events.count
                    state.events.append(event)
                }
            }
        }
    }

    func clear() { state.withLock { $0 = State() } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        state.withLock { state in
            let events = limit.map { Array(state.events.suffix($0)) } ?? state.events
            let duplicates = state.events.reduce(0) { $0 + $1.duplicates }
            var out = "{\"requests\":\(requests),\"batches\":\(state.batches)"
            out += ",\"count\":\(state.events.count),\"duplicates\":\(duplicates)"
            out += ",\"user_updates\":\(state.userUpdates),\"users\":{"
            out += state.userOrder.map { WireText.quote($0) + ":" + state.users[$0]! }.joined(separator: ",")
            out += "},\"events\":["
            out += events.map { event in
                "{\"uuid\":\(WireText.quote(event.uuid)),\"user\":\(WireText.quote(event.userID)),\"name\":\(WireText.quote(event.name))"
                    + ",\"timestamp\":\(event.timestamp),\"parameters\":\(event.parameters),\"duplicates\":\(event.duplicates)}"
            }.joined(separator: ",")
            return out + "]}"
        }
    }
}
