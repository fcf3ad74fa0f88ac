import Backend
import JSON
import Script

enum BackendStopCommand {
    static let spec = CommandSpec(
        ["backend", "stop"],
        summary: "Stop the embedded local backend (what it received is forgotten)",
        examples: ["backend stop"]
    ) { context in
        Shown(stopped: context.session.services.stop())
    }

    /// Whether a running backend was stopped.
    struct Shown: CommandView {
        let stopped: Bool
        var value: Value { .bool(stopped) }
        func render(into lines: inout TerminalLines) { lines.line(stopped ? "embedded backend stopped" : "the embedded backend was not running") }
    }
}

extension String {
    /// Left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
