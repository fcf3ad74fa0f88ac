import JSON
import Shell
import Sift

enum SiftUnsetUserCommand {
    static let spec = CommandSpec(
        ["sift", "unset-user"],
        summary: "Remove the Sift user id: later events carry none",
        examples: ["sift unset-user"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.unsetUser()
        return Shown()
    }

    /// No user id any more.
    struct Shown: CommandView {
        var value: Value { .object(["user": .null]) }
        func render(into lines: inout TerminalLines) { lines.line("sift user: (none)") }
    }
}
