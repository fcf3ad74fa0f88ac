import JSON
import Platform
import Shell
import Sift

/// What `sift event` and `sift collect` did with an event: one line (or a warning), and the result value.
struct SiftAppendText: CommandView {
    let result: SiftCollectResult
    let what: String
    /// Whether the value says `collected` (a collector's result does, an event's does not).
    let collects: Bool

    /// An event appended, or dropped.
    init(_ result: SiftAppendResult, what: String) {
        self.result = .appended(result)
        self.what = what
        collects = false
    }

    /// A collector's result: appended, paused, or rate-limited.
    init(_ result: SiftCollectResult, what: String) {
        self.result = result
        self.what = what
        collects = true
    }

    var value: Value {
        switch result {
        case .appended(let appended):
            var object = JSONObject(minimumCapacity: collects ? 7 : 6)
            object["queue"] = .string(appended.queue.rawValue)
            switch appended.outcome {
            case .queued(let depth):
                object["queued"] = .bool(true)
                object["depth"] = .int(depth)
                object["dropped"] = .null
            case .droppedSameEvent:
                object["queued"] = .bool(false)
                object["dropped"] = .string(Self.sameEvent(appended))
            case .droppedMalformed(let reason):
                object["queued"] = .bool(false)
                object["dropped"] = .string(reason)
            }
            object["transferred"] = .int(appended.transferred)
            object["event"] = appended.event.wireValue
            if collects { object["collected"] = .bool(true) }
            return .object(object)
        case .paused: return .object(["collected": .bool(false), "queued": .bool(false), "reason": .string("paused")])
        case .rateLimited: return .object(["collected": .bool(false), "queued": .bool(false), "reason": .string("rate limited")])
        }
    }

    func render(into lines: inout TerminalLines) {
        switch result {
        case .appended(let appended):
            switch appended.outcome {
            case .queued(let depth):
                let queue = appended.queue.rawValue
                if appended.transferred > 0 {
                    lines.line("\(what) queued; \(queue) was ready: \(SiftNoticeText.events(appended.transferred)) handed to the uploader")
                } else {
                    lines.line("\(what) queued in \(queue) (\(SiftNoticeText.events(depth)) there)")
                }
            case .droppedSameEvent: lines.line("\(what) dropped: \(Self.sameEvent(appended))")
            case .droppedMalformed(let reason): lines.warn("[Sift] \(what) dropped by the sanity check: \(reason)")
            }
        case .paused: lines.line("\(what) not collected: Sift is paused ('sift resume')")
        case .rateLimited(let next): lines.line("\(what) not collected: at most 30 in 60 s; next allowed after \(Timestamps.iso(next))")
        }
    }

    private static func sameEvent(_ result: SiftAppendResult) -> String {
        guard case .droppedSameEvent(let after) = result.outcome else { return "" }
        return
            "the same as the last event within \(result.queue.config.acceptSameEventAfter) s (accepted again after \(Timestamps.iso(Double(after) / 1000)))"
    }
}
