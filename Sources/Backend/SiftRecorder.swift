import Synchronization

/// What the Sift routes received: every upload that reached them (refused ones too, with why),
/// and the events, each kept once with how many more times it arrived.
///
/// Delivery is at-least-once, so a client may send a batch again after a kill: an event equal to
/// an earlier one of the same account in every member, `time` to the millisecond included, counts
/// as a duplicate. Nothing here holds the beacon key: `auth` says only how the check went.
final class SiftRecorder: ServiceRecorder {
    struct Upload: Sendable {
        var account: String
        var status: Int
        /// Events in the batch (0 when refused).
        var events: Int
        /// Whether it came with `Content-Encoding: gzip`.
        var gzip: Bool
        /// Body bytes on the wire.
        var bytes: Int
        /// The JSON's bytes once gunzipped, when it got that far.
        var jsonBytes: Int?
        var contentType: String?
        /// `key`, `any`, `missing` or `refused` (`SiftBeaconKey.Verdict.recorded`).
        var auth: String
        /// The body of the refusal (JSON text), when refused.
        var answer: String?
    }

    /// One event as it arrived (compact JSON text), under the account it was sent to.
    struct Event: Sendable {
        var account: String
        var json: String
        var duplicates: Int
    }

    private struct State {
        var uploads: [Upload] = []
        var events: [Event] = []
        /// Account and canonical text -> index in `events`.
        var eventIndex: [String: Int] = [:]
        var accounts: [String: Int] = [:]
        var accountOrder: [String] = []
        var batches = 0
        var refused = 0
        var notGzipped = 0
        var duplicates = 0
    }

    private let state = Mutex(State())

    /// Records an upload and, when it was accepted, its events (`json` and the canonical text that tells equal ones).
    func record(_ upload: Upload, events: [(json: String, canonical: String)] = []) {
        state.withLock { state in
            state.uploads.append(upload)
            guard upload.status == 200 else {
                state.refused += 1
                return
            }
            state.batches += 1
            if !upload.gzip { state.notGzipped += 1 }
            for event in events {
                let key = upload.account + "\n" + event.canonical
                if let index = state.eventIndex[key] {
                    state.events[index].duplicates += 1
                    state.duplicates += 1
                    continue
                }
                state.eventIndex[key] = state.events.count
                state.events.append(Event(account: upload.account, json: event.json, duplicates: 0))
                if state.accounts[upload.account] == nil { state.accountOrder.append(upload.account) }
                state.accounts[upload.account, default: 0] += 1
            }
        }
    }

    func clear() { state.withLock { $0 = State() } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        state.withLock { state in
            let uploads = limit.map { Array(state.uploads.suffix($0)) } ?? state.uploads
            let events = limit.map { Array(state.events.suffix($0)) } ?? state.events
            var out = "{\"requests\":\(requests),\"batches\":\(state.batches),\"count\":\(state.events.count)"
            out += ",\"duplicates\":\(state.duplicates),\"refused\":\(state.refused),\"not_gzipped\":\(state.notGzipped)"
            out += ",\"accounts\":" + WireText.object(state.accountOrder.map { ($0, String(state.accounts[$0]!)) })
            out += ",\"uploads\":[" + uploads.map(Self.json).joined(separator: ",") + "]"
            out += ",\"events\":["
            out += events.map { event in
                WireText.object([("account", WireText.quote(event.account)), ("duplicates", String(event.duplicates)), ("event", event.json)])
            }.joined(separator: ",")
            return out + "]}"
        }
    }

    private static func json(_ upload: Upload) -> String {
        var members: [(key: String, json: String)] = [
            ("account", WireText.quote(upload.account)), ("status", String(upload.status)), ("events", String(upload.events)),
            ("gzip", upload.gzip ? "true" : "false"), ("bytes", String(upload.bytes)),
        ]
        if let jsonBytes = upload.jsonBytes { members.append(("json_bytes", String(jsonBytes))) }
        members.append(("content_type", upload.contentType.map(WireText.quote) ?? "null"))
        members.append(("auth", WireText.quote(upload.auth)))
        if let answer = upload.answer { members.append(("answer", answer)) }
        return WireText.object(members)
    }
}
