import Hamon
import JSON
import Platform
import Script
import Shell

enum QueueCommand {
    static let spec = CommandSpec(
        ["hamon", "queue"], summary: "List queued Hamon events, oldest first",
        options: [OptionSpec("limit", value: .integer(0...1_000_000), valueName: "N", "show at most N events (default 20)")],
        examples: ["hamon queue", "queue --limit 100", "expect last.count == 0"], coreForms: [["queue"]]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        let limit = context.option("limit").flatMap { Int($0.text) } ?? 20
        let depth = hamon.client.queueDepth
        let events = hamon.client.queuedEvents(limit: max(0, limit))
        let output = context.events
        output.line("\(HamonText.events(depth)) queued" + (hamon.client.userID == nil && depth > 0 ? " (waiting for a user id)" : ""))
        var items: [Value] = []
        for (index, event) in events.enumerated() {
            let parameters = event.parameters
            output.line("  \(index + 1)  \(Timestamps.iso(Double(event.timestamp) / 1000))  \(event.name)  \(event.uuid)  \(JSONWriter.compact(parameters))")
            items.append(.object([
                "uuid": .string(event.uuid), "name": .string(event.name), "timestamp": .int(Int(event.timestamp)), "parameters": parameters,
            ]))
        }
        if depth > events.count, !events.isEmpty { output.line("  … \(depth - events.count) more") }
        return .object(["count": .int(depth), "events": .array(items)])
    }
}
