import Backend
import Synchronization

/// What the Sift routes received: every upload that reached them (refused ones too, with why),
/// and the events, each kept once with how many more times it arrived.
///
/// Delivery is at-least-once, so a client may send a batch again after a kill: an event equal to
/// an earlier one of the same account in every member, `time` to the millisecond included, counts
/// as a duplicate. Nothing here holds the beacon key: `auth` says only how the check went.
///
/// An accepted upload's JSON is kept as it came and indexed (events told apart, duplicates
/// counted) when someone asks what arrived: indexing as batches came took a third of the
/// backend's CPU in the Sift bench (about 120 µs of 350 µs per 33-event batch, `perf record` on
/// `sdkbench serve`), and every upload waits for the answer before the next is sent.
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

    /// One event as it arrived, under the account it was sent to; its text is rendered when listed.
    struct Event: Sendable {
        var account: String
        var value: WireJSON
        var duplicates: Int
    }

    /// An event's account and canonical text with their hash worked out once: the index grows to
    /// hundreds of thousands of keys, and a String key is hashed again at every resize (5% of the
    /// backend's CPU in the Sift bench when the index held Strings).
    private struct EventKey: Hashable {
        let account: String
        let canonical: [UInt8]
        let hash: Int

        init(account: String, event: WireJSON) {
            self.account = account
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256)
            event.write(to: &bytes, canonical: true)
            canonical = bytes
            var hasher = Hasher()
            hasher.combine(account)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: EventKey, right: EventKey) -> Bool {
            left.hash == right.hash && left.account == right.account && left.canonical == right.canonical
        }
    }

    private struct State {
        var uploads: [Upload] = []
        /// Accepted uploads not indexed yet: the account and the JSON, oldest first. The bytes are
        /// parsed again when indexed: holding them is one block per upload, where holding the
        /// parsed events would be hundreds of small ones that the next upload cannot reuse.
        var unindexed: [(account: String, json: [UInt8])] = []
        var events: [Event] = []
        /// Account and canonical text -> index in `events`.
        var eventIndex: [EventKey: Int] = [:]
        var accounts: [String: Int] = [:]
        var accountOrder: [String] = []
        var batches = 0
        var refused = 0
        var notGzipped = 0
        var duplicates = 0
    }

    private let state = Mutex(State())

    /// Records an upload and, when it was accepted, the JSON of its list request (already checked).
    func record(_ upload: Upload, json: [UInt8]? = nil) {
        state.withLock { state in
            state.uploads.append(upload)
            guard upload.status == 200 else {
                state.refused += 1
                return
            }
            state.batches += 1
            if !upload.gzip { state.notGzipped += 1 }
            if let json { state.unindexed.append((upload.account, json)) }
        }
    }

    /// Indexes the uploads that came since the last look: each event once, repeats counted.
    private static func index(_ state: inout State) {
        for (account, json) in state.unindexed {
            // The route parsed and checked this JSON before accepting it.
            guard let body = try? WireJSON.parse(json), case .array(let events)? = body["data"] else { continue }
            for event in events {
                let key = EventKey(account: account, event: event)
                if let index = state.eventIndex[key] {
                    state.events[index].duplicates += 1
                    state.duplicates += 1
                    continue
                }
                state.eventIndex[key] = state.events.count
                state.events.append(Event(account: account, value: event, duplicates: 0))
                if state.accounts[account] == nil { state.accountOrder.append(account) }
                state.accounts[account, default: 0] += 1
            }
        }
        state.unindexed.removeAll()
    }

    func clear() { state.withLock { $0 = State() } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        state.withLock { state in
            Self.index(&state)
            let uploads = limit.map { Array(state.uploads.suffix($0)) } ?? state.uploads
            let events = limit.map { Array(state.events.suffix($0)) } ?? state.events
            var out = "{\"requests\":\(requests),\"batches\":\(state.batches),\"count\":\(state.events.count)"
            out += ",\"duplicates\":\(state.duplicates),\"refused\":\(state.refused),\"not_gzipped\":\(state.notGzipped)"
            out += ",\"accounts\":" + WireText.object(state.accountOrder.map { ($0, String(state.accounts[$0]!)) })
            out += ",\"uploads\":[" + uploads.map(Self.json).joined(separator: ",") + "]"
            out += ",\"events\":["
            out += events.map { event in
                WireText.object([("account", WireText.quote(event.account)), ("duplicates", String(event.duplicates)), ("event", event.value.text)])
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
