import Backend
import JSON
import Script

enum BackendStopCommand {
    static let spec = CommandSpec(
        ["backend", "stop"], summary: "Stop the embedded local backend (what it received is forgotten)",
        examples: ["backend stop"]
    ) { context in
        let stopped = context.session.services.stop()
        context.events.line(stopped ? "embedded backend stopped" : "the embedded backend was not running")
        return .bool(stopped)
    }
}

extension String {
    /// Left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
