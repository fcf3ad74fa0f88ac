import JSON
import Shell
import Sift

enum SiftPauseCommand {
    static let spec = CommandSpec(
        ["sift", "pause"],
        summary: "Pause Sift collecting and uploading (events still queue, durably)",
        discussion: "A batch being sent finishes. 'sift collect' is skipped while paused; 'sift resume' goes on.",
        examples: ["sift pause", "sift resume"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.pause()
        return Shown()
    }

    /// Collecting and uploading paused.
    struct Shown: CommandView {
        var value: Value { .object(["paused": .bool(true)]) }
        func render(into lines: inout TerminalLines) { lines.line("sift: paused (collecting and uploading)") }
    }
}
