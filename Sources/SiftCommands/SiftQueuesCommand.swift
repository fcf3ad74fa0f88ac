import JSON
import Platform
import Shell
import Sift

enum SiftQueuesCommand {
    static let spec = CommandSpec(
        ["sift", "queues"], summary: "Show each Sift queue (count, oldest, ready or why not) and the uploader",
        discussion: """
            The uploader line gives the batches waiting, the reject count, the next retry and the last failure. \
            Network errors are retried every 5 s up to 120 times, where the newest iOS SDK would drop the batch.
            """,
        examples: ["sift queues", "expect last.queued == 0", "expect last.uploader.batches == 0"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        let client = sift.client
        let now = client.clockNow
        let output = context.events
        var queues: [Value] = []
        var total = 0
        for queue in client.queueStatuses() {
            total += queue.count
            let oldest = queue.oldestMillis.map { Timestamps.iso(Double($0) / 1000) }
            var line = "\(queue.identifier.rawValue)  \(SiftNoticeText.events(queue.count))"
            if let oldest { line += ", oldest \(oldest)" }
            line += ", \(SiftNoticeText.readiness(queue.readiness))"
            output.line(line)
            queues.append(.object([
                "name": .string(queue.identifier.rawValue), "count": .int(queue.count), "oldest": oldest.map(Value.string) ?? .null,
                "ready": .bool(queue.readiness.isReady), "readiness": .string(SiftNoticeText.readiness(queue.readiness)),
                "lastUpload": queue.lastUploadMillis > 0 ? .string(Timestamps.iso(Double(queue.lastUploadMillis) / 1000)) : .null,
            ]))
        }
        let uploader = client.uploaderStatus()
        output.line("uploader  " + SiftNoticeText.uploader(uploader, now: now))
        if uploader.transportFailures > 0 {
            output.line("  (network errors are retried every 5 s up to 120 times; the newest iOS SDK would drop the batch)")
        }
        return .object(["queued": .int(total), "queues": .array(queues), "uploader": SiftNoticeText.uploaderValue(uploader, now: now)])
    }
}
