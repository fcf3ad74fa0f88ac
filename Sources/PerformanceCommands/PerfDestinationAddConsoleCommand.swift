import Performance
import Script
import Shell

enum PerfDestinationAddConsoleCommand {
    static let spec = CommandSpec(
        ["perf", "destination", "add", "console"], summary: "Print each recorded timing",
        options: [OptionSpec("level", value: .choice(["minimal", "standard", "verbose"]), valueName: "LEVEL", "how much to print (default standard)")],
        examples: ["perf destination add console", "perf destination add console --level verbose"]
    ) { context in
        let level: ConsoleDestination.Level =
            switch context.option("level")?.text {
            case "minimal": .minimal
            case "verbose": .verbose
            default: .standard
            }
        let tracker = context.session.performance.tracker
        let id = tracker.addDestination(ConsoleDestination(level: level))
        return .object(["id": .int(id), "kind": "console"])
    }
}
