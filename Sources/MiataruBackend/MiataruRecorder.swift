import Backend
import Synchronization

/// What the Miataru routes received: how often each call arrived, and the newest requests with
/// every device key masked, so that `backend received miataru` cannot leak a key.
final class MiataruRecorder: ServiceRecorder {
    struct Arrival: Sendable {
        var method: String
        var path: String
        var status: Int
        /// The body as JSON text, keys masked; `nil` when it was not JSON.
        var body: String?
    }

    private struct State {
        var calls: [MiataruCall: Int] = [:]
        var arrivals: [Arrival] = []
        var count = 0
    }

    /// Requests kept for display; counts go on past it. A long session must not grow without end.
    static let keptArrivals = 1000
    /// Members whose values are keys, compared without case so that a stray spelling is masked too.
    static let keyMembers: Set<String> = ["devicekey", "newdevicekey", "currentdevicekey", "requestmiatarudevicekey", "requestdevicekey"]

    private let state = Mutex(State())

    /// Records one answered request; `call` is `nil` when the path named no call exactly.
    func record(_ call: MiataruCall?, method: String, path: String, status: Int, body: WireJSON?) {
        let arrival = Arrival(method: method, path: path, status: status, body: body.map { Self.masked($0).text })
        state.withLock { state in
            if let call { state.calls[call, default: 0] += 1 }
            state.count += 1
            state.arrivals.append(arrival)
            if state.arrivals.count > Self.keptArrivals { state.arrivals.removeFirst(state.arrivals.count - Self.keptArrivals) }
        }
    }

    /// `json` with the value of every key member, at any depth, replaced by `"***"` (null stays null).
    static func masked(_ json: WireJSON) -> WireJSON {
        switch json {
        case .array(let items): return .array(items.map(masked))
        case .object(let members):
            return .object(
                members.map { member in
                    var member = member
                    member.value = keyMembers.contains(member.key.lowercased()) && member.value != .null ? .string("***") : masked(member.value)
                    return member
                }
            )
        default: return json
        }
    }

    func clear() { state.withLock { $0 = State() } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        state.withLock { state in
            let arrivals = limit.map { Array(state.arrivals.suffix($0)) } ?? state.arrivals
            let calls = MiataruCall.allCases.compactMap { call in state.calls[call].map { (call.rawValue, String($0)) } }
            let received = arrivals.map { arrival in
                WireText.object([
                    ("method", WireText.quote(arrival.method)), ("path", WireText.quote(arrival.path)), ("status", String(arrival.status)),
                    ("body", arrival.body ?? "null"),
                ])
            }
            return WireText.object([
                ("requests", String(requests)), ("calls", WireText.object(calls)), ("count", String(state.count)),
                ("received", "[" + received.joined(separator: ",") + "]"),
            ])
        }
    }
}
