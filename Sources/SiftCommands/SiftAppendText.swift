import JSON
import Platform
import Shell
import Sift

/// How `sift event` and `sift collect` report an append: one line, and the result value.
enum SiftAppendText {
    static func report(_ result: SiftAppendResult, what: String, to output: ShellEventRouter) -> Value {
        var object = JSONObject(minimumCapacity: 6)
        object["queue"] = .string(result.queue.rawValue)
        switch result.outcome {
        case .queued(let depth):
            var line = "\(what) queued in \(result.queue.rawValue) (\(SiftNoticeText.events(depth)) there)"
            if result.transferred > 0 { line = "\(what) queued; \(result.queue.rawValue) was ready: \(SiftNoticeText.events(result.transferred)) handed to the uploader" }
            output.line(line)
            object["queued"] = .bool(true)
            object["depth"] = .int(depth)
            object["dropped"] = .null
        case .droppedSameEvent(let after):
            let reason = "the same as the last event within \(result.queue.config.acceptSameEventAfter) s (accepted again after \(Timestamps.iso(Double(after) / 1000)))"
            output.line("\(what) dropped: \(reason)")
            object["queued"] = .bool(false)
            object["dropped"] = .string(reason)
        case .droppedMalformed(let reason):
            output.warn("[Sift] \(what) dropped by the sanity check: \(reason)")
            object["queued"] = .bool(false)
            object["dropped"] = .string(reason)
        }
        object["transferred"] = .int(result.transferred)
        object["event"] = result.event.wireValue
        return .object(object)
    }

    /// A collector's result: appended, paused, or rate-limited.
    static func report(_ result: SiftCollectResult, what: String, to output: ShellEventRouter) -> Value {
        switch result {
        case .appended(let appended):
            var value = report(appended, what: what, to: output)
            if case .object(var object) = value {
                object["collected"] = .bool(true)
                value = .object(object)
            }
            return value
        case .paused:
            output.line("\(what) not collected: Sift is paused ('sift resume')")
            return .object(["collected": .bool(false), "queued": .bool(false), "reason": .string("paused")])
        case .rateLimited(let next):
            output.line("\(what) not collected: at most 30 in 60 s; next allowed after \(Timestamps.iso(next))")
            return .object(["collected": .bool(false), "queued": .bool(false), "reason": .string("rate limited")])
        }
    }
}
