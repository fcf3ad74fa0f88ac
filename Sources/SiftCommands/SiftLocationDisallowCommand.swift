import JSON
import Shell
import Sift

enum SiftLocationDisallowCommand {
    static let spec = CommandSpec(
        ["sift", "location", "disallow"],
        summary: "Leave location out of Sift app-state snapshots",
        discussion: "The SDK's disallowCollectingLocationData: a location already set is kept but not sent.",
        examples: ["sift location disallow"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.setLocationAllowed(false)
        return Shown()
    }

    /// Location disallowed.
    struct Shown: CommandView {
        var value: Value { .object(["allowed": .bool(false)]) }
        func render(into lines: inout TerminalLines) { lines.line("sift location: disallowed") }
    }
}
