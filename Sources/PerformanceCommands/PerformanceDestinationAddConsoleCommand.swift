import Performance
import Script
import Shell

enum PerformanceDestinationAddConsoleCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "console"],
        summary: "Print each recorded timing",
        options: [
            OptionSpec("level", value: .choice(["minimal", "standard", "verbose"]), valueName: "LEVEL", "how much to print (default standard)")
        ]
            + PerformanceArguments.filterOptions,
        examples: ["perf destination add console", "perf destination add console --level verbose --feature deposit"]
    ) { context in
        let level: ConsoleDestination.Level =
            switch context.option("level")?.text {
            case "minimal": .minimal
            case "verbose": .verbose
            default: .standard
            }
        let filter = try PerformanceArguments.filter(in: context)
        let tracker = context.session.performance.tracker
        let id = tracker.addDestination(ConsoleDestination(level: level), filter: filter)
        return PerformanceValues.destination(id: id, kind: "console", filter: filter)
    }
}
