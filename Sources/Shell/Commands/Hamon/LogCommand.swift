import Hamon
import JSON
import Script

enum LogCommand {
    static let spec = CommandSpec(
        ["log"], summary: "Log a Hamon event (queued durably; sent at 10 events, after 10 s, or on flush)",
        arguments: [ArgumentSpec("NAME", .text, "the event name, e.g. purchase or screen_view")],
        parameters: "event parameters: key=value is a string, key:=JSON keeps its type (number, bool, array, object, null)",
        discussion: "The event is in the queue's journal before the command returns: a killed process loses nothing.",
        examples: ["log screen_view screen_name=home", "log purchase product_id=123 price:=9.99 quantity:=1 tags:='[\"a\",\"b\"]'"]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        var parameters = JSONObject()
        for (key, value) in context.command.parameters { parameters[key] = value.value }
        let event: AnalyticsEvent
        do {
            event = try hamon.client.log(context.string("NAME"), parameters: parameters)
        } catch {
            throw context.failure("\(error)")
        }
        return .object([
            "uuid": .string(event.uuid), "name": .string(event.name), "timestamp": .int(Int(event.timestamp)),
            "parameters": .object(event.parameters),
        ])
    }
}

enum FlushCommand {
    static let spec = CommandSpec(
        ["flush"], summary: "Send every queued Hamon event now",
        discussion: """
            Events go out encrypted, at most 1000 per request. A 5xx is retried once after 2 s; any failure puts \
            the batch back at the front of the queue, in order, and the command fails (exit 3).
            """,
        examples: ["flush", "expect last.delivered == 25"]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        let client = hamon.client
        let report = try AsyncBridge.run(at: context.command.range) { await client.flush() }
        let output = context.session.output
        let events = HamonText.events(report.delivered)
        if report.delivered > 0 || report.failure == nil {
            if report.waitingForUser {
                output.warn("\(HamonText.events(report.remaining)) wait for a user id ('user ID')")
            } else {
                output.line(report.batches == 0 ? "nothing to send" : "sent \(events) in \(report.batches) request\(report.batches == 1 ? "" : "s"); \(report.remaining) queued")
            }
        }
        try HamonFailureText.check(
            report.failure, doing: "flush failed after sending \(events); \(HamonText.events(report.remaining)) kept in the queue", in: context)
        return .object([
            "delivered": .int(report.delivered), "batches": .int(report.batches), "remaining": .int(report.remaining),
            "waiting_for_user": .bool(report.waitingForUser),
        ])
    }
}

enum HamonText {
    static func events(_ count: Int) -> String { "\(count) event\(count == 1 ? "" : "s")" }
}
