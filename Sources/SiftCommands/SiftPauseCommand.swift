import JSON
import Shell
import Sift

enum SiftPauseCommand {
    static let spec = CommandSpec(
        ["sift", "pause"], summary: "Pause Sift collecting and uploading (events still queue, durably)",
        discussion: "A batch being sent finishes. 'sift collect' is skipped while paused; 'sift resume' goes on.",
        examples: ["sift pause", "sift resume"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.pause()
        context.events.line("sift: paused (collecting and uploading)")
        return .object(["paused": .bool(true)])
    }
}
