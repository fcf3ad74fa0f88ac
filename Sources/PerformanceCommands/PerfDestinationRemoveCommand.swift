import Performance
import Script
import Shell

enum PerfDestinationRemoveCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "remove"], summary: "Flush and remove a destination",
        arguments: [ArgumentSpec("ID", .integer(0...Int(Int32.max)), "the id 'perf destination list' shows")],
        examples: ["perf destination remove 1"]
    ) { context in
        let argument = context.argument("ID")!
        guard let id = Int(argument.text), context.session.performance.tracker.removeDestination(id: id) else {
            throw context.failure("no destination with id \(argument.text)", at: argument)
        }
        return .null
    }
}
