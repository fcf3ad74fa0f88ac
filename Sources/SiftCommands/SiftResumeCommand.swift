import JSON
import Shell
import Sift

enum SiftResumeCommand {
    static let spec = CommandSpec(
        ["sift", "resume"],
        summary: "Resume Sift collecting and uploading (what became ready goes out)",
        examples: ["sift resume"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        sift.client.resume()
        return Shown()
    }

    /// Collecting and uploading again.
    struct Shown: CommandView {
        var value: Value { .object(["paused": .bool(false)]) }
        func render(into lines: inout TerminalLines) { lines.line("sift: resumed") }
    }
}
