import JSON
import Shell
import Sift

enum SiftSensorsAllowCommand {
    static let spec = CommandSpec(
        ["sift", "sensors", "allow"],
        summary: "Allow motion-sensor readings in Sift app-state snapshots (the SDK's allowUsingMotionSensors)",
        discussion: """
            Seed 001 §4.6: off by default, as in the SDK. While allowed, readings given with 'sift sensors add' wait \
            for the next 'sift collect app-state', which takes them.
            """,
        examples: ["sift sensors allow"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.setMotionSensorsAllowed(true)
        return Shown()
    }

    /// Motion sensors allowed.
    struct Shown: CommandView {
        var value: Value { .object(["allowed": .bool(true)]) }
        func render(into lines: inout TerminalLines) { lines.line("sift sensors: allowed") }
    }
}
