import Hamon
import JSON
import Platform
import Script
import Shell

enum QueueCommand {
    static let spec = CommandSpec(
        ["hamon", "queue"],
        summary: "List queued Hamon events, oldest first",
        options: [OptionSpec("limit", value: .integer(0...1_000_000), valueName: "N", "show at most N events (default 20)")],
        examples: ["hamon queue", "queue --limit 100", "expect last.count == 0"],
        coreForms: [["queue"]]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        let limit = context.option("limit").flatMap { Int($0.text) } ?? 20
        let depth = hamon.client.queueDepth
        let events = hamon.client.queuedEvents(limit: max(0, limit))
        return Shown(depth: depth, events: events, waitingForUser: hamon.client.userID == nil && depth > 0)
    }

    /// The queue's depth and its first events.
    struct Shown: CommandView {
        let depth: Int
        let events: [AnalyticsEventSummary]
        let waitingForUser: Bool

        var value: Value {
            let items = events.map { event -> Value in
                .object([
                    "uuid": .string(event.uuid), "name": .string(event.name), "timestamp": .int(Int(event.timestamp)), "parameters": event.parameters,
                ])
            }
            return .object(["count": .int(depth), "events": .array(items)])
        }

        func render(into lines: inout TerminalLines) {
            lines.line("\(HamonText.events(depth)) queued" + (waitingForUser ? " (waiting for a user id)" : ""))
            for (index, event) in events.enumerated() {
                lines.line(
                    "  \(index + 1)  \(Timestamps.iso(Double(event.timestamp) / 1000))  \(event.name)  \(event.uuid)  \(JSONWriter.compact(event.parameters))"
                )
            }
            if depth > events.count, !events.isEmpty { lines.line("  … \(depth - events.count) more") }
        }
    }
}
