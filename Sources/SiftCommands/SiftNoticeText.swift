import JSON
import Platform
import Shell
import Sift
import Transport

/// The shell's wording of Sift: background notices, counts, readiness and the uploader's state.
enum SiftNoticeText {
    static func events(_ count: Int) -> String { "\(count) event\(count == 1 ? "" : "s")" }
    static func batches(_ count: Int) -> String { "\(count) batch\(count == 1 ? "" : "es")" }

    /// A background notice of the client, emitted as it is: rendered only where it is shown.
    struct Notice: Renderable {
        let notice: SiftNotice

        func render(into output: inout TerminalLines) {
            switch notice {
            case .restored(let events, let batches, let rejects, let unreadable):
                var line = "[Sift] restored \(SiftNoticeText.events(events)) queued and \(SiftNoticeText.batches(batches)) waiting from the last run"
                if rejects > 0 { line += " (the first rejected \(rejects) time\(rejects == 1 ? "" : "s"))" }
                output.line(line)
                if unreadable > 0 { output.warn("[Sift] \(unreadable) unreadable journal line\(unreadable == 1 ? "" : "s") skipped") }
            case .delivered(let events, let afterFailures):
                if afterFailures { output.line("[Sift] batch of \(SiftNoticeText.events(events)) delivered after earlier failures") }
            case .rejected(let events, let status, let rejects, let retryIn):
                output.warn(
                    "[Sift] batch of \(SiftNoticeText.events(events)) rejected: HTTP \(status) (reject \(rejects) of 3); retrying in \(HTTPDurations.text(retryIn))"
                )
            case .transportFailed(let events, let error, let attempt, let retryIn):
                // Every minute, not every 5 s: 120 lines would bury the rest.
                guard attempt == 1 || attempt % 12 == 0 else { return }
                output.warn(
                    "[Sift] batch of \(SiftNoticeText.events(events)) not sent: \(error); retrying every \(HTTPDurations.text(retryIn)) (try \(attempt) of 120)"
                )
            case .dropped(let events, let reason):
                output.warn("[Sift] batch of \(SiftNoticeText.events(events)) dropped: \(SiftText.drop(reason))")
            case .archiveProblem(let message):
                output.warn("[Sift] \(message)")
            }
        }
    }

    /// `ready (more than 32)`, `waiting: 3 of more than 32; by age after 12:00:03Z`.
    static func readiness(_ readiness: SiftReadiness) -> String {
        switch readiness {
        case .empty: return "empty"
        case .full(let count, let moreThan): return "ready: \(count) > \(moreThan) events"
        case .old(let last, let olderThan):
            return last == 0 ? "ready: nothing uploaded yet (the first event goes at once)" : "ready: last upload more than \(olderThan) s ago"
        case .waiting(let count, let moreThan, let after):
            var reasons: [String] = []
            if let moreThan { reasons.append("\(count) of more than \(moreThan) events") }
            if let after { reasons.append("by age after \(Timestamps.iso(Double(after) / 1000))") }
            return "waiting: " + reasons.joined(separator: "; ")
        }
    }

    /// The uploader's state as one line, and why nothing moves when nothing does.
    static func uploader(_ status: SiftUploaderStatus, now: Double) -> String {
        var line = "\(batches(status.batches)) waiting (\(events(status.events))), rejects \(status.rejects)"
        if status.sending { line += ", sending" }
        if let retryAt = status.retryAt { line += ", next retry in \(HTTPDurations.text(max(0, (retryAt - now).rounded(.up))))" }
        if status.paused { line += ", paused" }
        if !status.missing.isEmpty, status.batches > 0 { line += ", waiting for \(status.missing.joined(separator: " and "))" }
        if let failure = status.lastFailure { line += "; last failure: \(failure)" }
        return line
    }

    static func uploaderValue(_ status: SiftUploaderStatus, now: Double) -> Value {
        .object([
            "batches": .int(status.batches), "events": .int(status.events), "rejects": .int(status.rejects),
            "transportFailures": .int(status.transportFailures),
            "nextRetry": status.retryAt.map { .double(max(0, $0 - now)) } ?? .null, "sending": .bool(status.sending),
            "paused": .bool(status.paused), "missing": .array(status.missing.map(Value.string)),
            "lastFailure": status.lastFailure.map(Value.string) ?? .null,
        ])
    }
}
