import JSON
import Shell
import Sift

enum SiftLocationAllowCommand {
    static let spec = CommandSpec(
        ["sift", "location", "allow"],
        summary: "Allow location in Sift app-state snapshots (the default)",
        examples: ["sift location allow"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.setLocationAllowed(true)
        let hasLocation = sift.client.settings.location != nil
        return Shown(hasLocation: hasLocation)
    }

    /// Location allowed, and whether one is set to send.
    struct Shown: CommandView {
        let hasLocation: Bool
        var value: Value { .object(["allowed": .bool(true)]) }
        func render(into lines: inout TerminalLines) {
            lines.line("sift location: allowed" + (hasLocation ? "" : " (none set yet: 'sift location set LAT LON')"))
        }
    }
}
