import Performance
import Script
import Shell

enum PerformanceDestinationRemoveCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "remove"],
        summary: "Flush and remove a destination, or all of them",
        arguments: [ArgumentSpec("ID", .integer(0...Int(Int32.max)), "the id 'perf destination list' shows", optional: true)],
        options: [OptionSpec("all", "remove every destination (the kit's removeAllDestinations)")],
        examples: ["perf destination remove 1", "perf destination remove --all"],
        alternatives: [Alternatives("ID", "--all", required: true)]
    ) { context in
        let tracker = context.session.performance.tracker
        let argument = context.argument("ID")
        if context.flag("all") {
            return .array(tracker.removeAllDestinations().map { .int($0) })
        }
        guard let argument else { throw context.failure("give the ID of a destination ('perf destination list'), or --all") }
        guard let id = Int(argument.text), tracker.removeDestination(id: id) else {
            throw context.failure("no destination with id \(argument.text)", at: argument)
        }
        return .null
    }
}
