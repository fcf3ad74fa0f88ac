import Hamon
import JSON
import Platform
import Script
import Shell

enum QueueClearCommand {
    static let spec = CommandSpec(
        ["hamon", "queue", "clear"],
        summary: "Drop every queued Hamon event without sending it",
        examples: ["hamon queue clear", "queue clear"],
        coreForms: [["queue", "clear"]]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        let dropped: Int
        do {
            dropped = try hamon.client.clearQueue()
        } catch {
            throw context.failure(error)
        }
        return Shown(dropped: dropped)
    }

    /// How many events were dropped.
    struct Shown: CommandView {
        let dropped: Int
        var value: Value { .object(["dropped": .int(dropped)]) }
        func render(into lines: inout TerminalLines) { lines.line("dropped \(HamonText.events(dropped))") }
    }
}
