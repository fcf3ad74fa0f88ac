import JSON
import Shell
import Sift

enum SiftSensorsDisallowCommand {
    static let spec = CommandSpec(
        ["sift", "sensors", "disallow"],
        summary: "Leave motion-sensor readings out of Sift app-state snapshots (the default)",
        discussion: "Readings waiting for a collection are dropped; later ones are not collected until 'sift sensors allow'.",
        examples: ["sift sensors disallow"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        return Shown(dropped: sift.client.setMotionSensorsAllowed(false))
    }

    /// Motion sensors disallowed, and the waiting readings that went.
    struct Shown: CommandView {
        let dropped: Int
        var value: Value { .object(["allowed": .bool(false), "dropped": .int(dropped)]) }
        func render(into lines: inout TerminalLines) {
            lines.line("sift sensors: disallowed" + (dropped > 0 ? " (\(dropped) waiting reading\(dropped == 1 ? "" : "s") dropped)" : ""))
        }
    }
}
