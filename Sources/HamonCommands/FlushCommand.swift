import Hamon
import JSON
import Script
import Shell

enum FlushCommand {
    static let spec = CommandSpec(
        ["hamon", "flush"],
        summary: "Send every queued Hamon event now",
        discussion: """
            Events go out encrypted, at most 1000 per request. A 5xx is retried once after 2 s; any failure puts \
            the batch back at the front of the queue, in order, and the command fails (exit 3).
            """,
        examples: ["hamon flush", "flush", "expect last.delivered == 25"],
        coreForms: [["flush"]]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        let client = hamon.client
        let report = try await AsyncBridge.run(at: context.command.range) { await client.flush() }
        let shown = Shown(report: report)
        guard report.failure != nil else { return shown }
        // What was sent before the failure is shown before its error.
        if report.delivered > 0 { context.show(shown) }
        try HamonFailureText.check(
            report.failure,
            doing: "flush failed after sending \(HamonText.events(report.delivered)); \(HamonText.events(report.remaining)) kept in the queue",
            in: context
        )
        return shown
    }

    /// What the flush sent, and what stays queued.
    struct Shown: CommandView {
        let report: FlushReport

        var value: Value {
            .object([
                "delivered": .int(report.delivered), "batches": .int(report.batches), "remaining": .int(report.remaining),
                "waiting_for_user": .bool(report.waitingForUser),
            ])
        }

        func render(into lines: inout TerminalLines) {
            if report.waitingForUser {
                lines.warn("\(HamonText.events(report.remaining)) wait for a user id ('user ID')")
            } else {
                let requests = "\(report.batches) request\(report.batches == 1 ? "" : "s")"
                lines.line(
                    report.batches == 0 ? "nothing to send" : "sent \(HamonText.events(report.delivered)) in \(requests); \(report.remaining) queued"
                )
            }
        }
    }
}
