import Performance
import Script
import Shell

enum PerfDestinationListCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "list"], summary: "List destinations with their ids", examples: ["perf destination list"]
    ) { context in
        let destinations = context.session.performance.tracker.destinations
        for destination in destinations { context.events.line("\(destination.id)  \(destination.description)") }
        if destinations.isEmpty { context.events.line("(no destinations: timings stay in memory)") }
        return .array(destinations.map { .object(["id": .int($0.id), "description": .string($0.description)]) })
    }
}
