import Backend
import Synchronization

/// What the performance route received: every entry as sent, and the app versions seen.
final class PerformanceRecorder: ServiceRecorder {
    private struct State {
        var entries: [String] = []
        var batches = 0
        var appVersions: Set<String> = []
    }

    private let state = Mutex(State())

    func store(entries: [String], appVersion: String) {
        state.withLock { state in
            state.batches += 1
            state.entries.append(contentsOf: entries)
            state.appVersions.insert(appVersion)
        }
    }

    func clear() { state.withLock { $0 = State() } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        state.withLock { state in
            let entries = limit.map { Array(state.entries.suffix($0)) } ?? state.entries
            var out = "{\"requests\":\(requests),\"batches\":\(state.batches),\"count\":\(state.entries.count)"
            out += ",\"app_versions\":[" + state.appVersions.sorted().map(WireText.quote).joined(separator: ",") + "]"
            return out + ",\"entries\":[" + entries.joined(separator: ",") + "]}"
        }
    }
}
