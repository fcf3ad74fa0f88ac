import JSON
import Performance
import Script
import Shell

enum PerformanceDestinationListCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "list"],
        summary: "List destinations with their ids and what each receives",
        examples: ["perf destination list"]
    ) { context in
        Shown(destinations: context.session.performance.tracker.destinations)
    }

    /// The destinations timings go to.
    struct Shown: CommandView {
        let destinations: [DestinationInfo]

        var value: Value {
            .array(
                destinations.map {
                    PerformanceValues.destination(
                        id: $0.id,
                        kind: String($0.description.prefix { $0 != " " }),
                        filter: $0.filter,
                        ["description": .string($0.description), "retiring": .bool($0.isRetiring)]
                    )
                }
            )
        }

        func render(into lines: inout TerminalLines) {
            for destination in destinations {
                lines.line("\(destination.id)  \(destination.description)\(PerformanceDestinationListCommand.receives(destination))")
            }
            if destinations.isEmpty { lines.line("(no destinations: timings stay in memory)") }
        }
    }

    /// What the list says after the description: the filter, or that it receives nothing.
    private static func receives(_ destination: DestinationInfo) -> String {
        if destination.isRetiring { return "  [restored: delivers what the last run kept, then retires]" }
        return destination.filter.admitsAll ? "" : "  [only \(destination.filter.summary)]"
    }
}
