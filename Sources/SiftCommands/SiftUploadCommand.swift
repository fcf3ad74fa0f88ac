import JSON
import Shell
import Sift

enum SiftUploadCommand {
    static let spec = CommandSpec(
        ["sift", "upload"],
        summary: "Hand ready Sift queues to the uploader and send (--force: every queued event)",
        options: [
            OptionSpec("force", "ignore the queues' readiness, as the SDK's upload:YES"),
            OptionSpec(
                "wait",
                value: .duration,
                valueName: "DURATION",
                "also wait through retries until every batch is delivered or dropped, at most DURATION"
            ),
        ],
        discussion: """
            Batches go one at a time, oldest first: PUT, gzipped JSON, Basic auth. Only 200 succeeds; 400 drops the \
            batch; other answers are rejects, retried after 5 s, 10 s, 20 s … and dropped at the third; network \
            errors (no answer, refused, unknown host) are retried every 5 s up to 120 times (the newest iOS SDK \
            drops a batch at once on "network blocked" errors; the workbench keeps it, so a local server that is \
            down for a minute loses nothing). Without --wait the command returns when a retry is pending, and \
            the retry goes on in the background.
            """,
        examples: ["sift upload", "sift upload --force", "sift upload --force --wait 60s", "expect last.waiting == 0"]
    ) { context in
        let range = context.command.range
        let sift = try context.session.engine(SiftRuntime.self, at: range)
        try sift.prepareServer(at: range)
        let client = sift.client
        let force = context.flag("force")
        let wait = context.option("wait").flatMap { DurationParser.seconds($0.text) }.map { Duration.milliseconds(Int64($0 * 1000)) }
        // One call, so what is delivered while waiting through retries counts in the report.
        let (report, settled) = try await AsyncBridge.run(at: range) { await client.upload(force: force, throughRetriesFor: wait) }
        let shown = Shown(report: report, now: client.clockNow, stillWaiting: settled ? nil : context.option("wait")!.text)
        if let failure = notSent(report, in: context) {
            context.show(shown)
            throw failure
        }
        return shown
    }

    /// A batch dropped, or batches that cannot be sent at all, mean the upload did not happen:
    /// exit 3, as `flush` does, saying what to check.
    private static func notSent(_ report: SiftUploadReport, in context: CommandContext) -> ShellError? {
        if let first = report.dropped.first {
            var message = "sift upload: \(SiftNoticeText.batches(report.dropped.count)) dropped (\(SiftText.drop(first.reason)))"
            if case .rejectLimit(let status) = first.reason, status == 401 || status == 403 {
                message += "; check 'sift beacon' against the key the server expects ('backend sift-key' sets the embedded backend's)"
            }
            return context.failure(message)
        }
        let uploader = report.uploader
        if uploader.batches > 0, !uploader.missing.isEmpty {
            return context.failure(
                "sift upload: nothing can be sent until \(uploader.missing.joined(separator: " and ")) \(uploader.missing.count == 1 ? "is" : "are") set "
                    + "('sift account ID', 'sift beacon KEY'); \(SiftNoticeText.batches(uploader.batches)) \(uploader.batches == 1 ? "waits" : "wait") in the journal"
            )
        }
        return nil
    }

    /// What the upload delivered and dropped, and the uploader's state after it; with `--wait`
    /// cut short, the warning that the uploader goes on.
    struct Shown: CommandView {
        let report: SiftUploadReport
        let now: Double
        /// The `--wait` given, when the upload was still retrying at its end.
        let stillWaiting: String?

        var value: Value {
            .object([
                "transferred": .int(report.transferred), "delivered": .int(report.deliveredEvents), "batches": .int(report.deliveredBatches),
                "dropped": .array(report.dropped.map { .object(["events": .int($0.events), "reason": .string(SiftText.drop($0.reason))]) }),
                "waiting": .int(report.uploader.batches), "uploader": SiftNoticeText.uploaderValue(report.uploader, now: now),
            ])
        }

        func render(into lines: inout TerminalLines) {
            if let stillWaiting { lines.warn("[Sift] still waiting after \(stillWaiting); the uploader goes on in the background") }
            var line =
                "sift upload: \(SiftNoticeText.events(report.transferred)) handed over; delivered \(SiftNoticeText.events(report.deliveredEvents))"
            line += " in \(SiftNoticeText.batches(report.deliveredBatches))"
            if !report.dropped.isEmpty { line += "; dropped \(SiftNoticeText.batches(report.dropped.count))" }
            lines.line(line)
            if report.uploader.batches > 0 || report.uploader.paused {
                lines.line("  uploader: " + SiftNoticeText.uploader(report.uploader, now: now))
            }
        }
    }
}
