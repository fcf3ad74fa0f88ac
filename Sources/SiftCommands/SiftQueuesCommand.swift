import JSON
import Platform
import Shell
import Sift

enum SiftQueuesCommand {
    static let spec = CommandSpec(
        ["sift", "queues"],
        summary: "Show each Sift queue (count, oldest, ready or why not) and the uploader",
        discussion: """
            The uploader line gives the batches waiting, the reject count, the next retry and the last failure. \
            Network errors are retried every 5 s up to 120 times, where the newest iOS SDK would drop the batch.
            """,
        examples: ["sift queues", "expect last.queued == 0", "expect last.uploader.batches == 0"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        let client = sift.client
        return Shown(queues: client.queueStatuses(), uploader: client.uploaderStatus(), now: client.clockNow)
    }

    /// Each queue's depth and readiness, and the uploader's state, as of `now`.
    struct Shown: CommandView {
        let queues: [SiftQueueStatus]
        let uploader: SiftUploaderStatus
        let now: Double

        var value: Value {
            let items = queues.map { queue -> Value in
                .object([
                    "name": .string(queue.identifier.rawValue), "count": .int(queue.count), "oldest": Self.oldest(queue).map(Value.string) ?? .null,
                    "ready": .bool(queue.readiness.isReady), "readiness": .string(SiftNoticeText.readiness(queue.readiness)),
                    "lastUpload": queue.lastUploadMillis > 0 ? .string(Timestamps.iso(Double(queue.lastUploadMillis) / 1000)) : .null,
                ])
            }
            let total = queues.reduce(0) { $0 + $1.count }
            return .object(["queued": .int(total), "queues": .array(items), "uploader": SiftNoticeText.uploaderValue(uploader, now: now)])
        }

        func render(into lines: inout TerminalLines) {
            for queue in queues {
                var line = "\(queue.identifier.rawValue)  \(SiftNoticeText.events(queue.count))"
                if let oldest = Self.oldest(queue) { line += ", oldest \(oldest)" }
                line += ", \(SiftNoticeText.readiness(queue.readiness))"
                lines.line(line)
            }
            lines.line("uploader  " + SiftNoticeText.uploader(uploader, now: now))
            if uploader.transportFailures > 0 {
                lines.line("  (network errors are retried every 5 s up to 120 times; the newest iOS SDK would drop the batch)")
            }
        }

        private static func oldest(_ queue: SiftQueueStatus) -> String? { queue.oldestMillis.map { Timestamps.iso(Double($0) / 1000) } }
    }
}
