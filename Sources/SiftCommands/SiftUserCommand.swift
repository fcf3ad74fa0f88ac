import JSON
import Shell
import Sift

enum SiftUserCommand {
    static let spec = CommandSpec(
        ["sift", "user"],
        summary: "Set the Sift user id that events without one carry",
        arguments: [ArgumentSpec("ID", .text, "the user id, e.g. user-42")],
        discussion: "Filled in when an event is queued: events queued before keep what they had.",
        examples: ["sift user user-42"]
    ) { context in
        let id = context.string("ID")
        guard !id.isEmpty else { throw context.failure("the user id is empty (use 'sift unset-user' to remove it)", at: context.argument("ID")) }
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.setUser(id)
        return Shown(user: id)
    }

    /// The user id set.
    struct Shown: CommandView {
        let user: String
        var value: Value { .object(["user": .string(user)]) }
        func render(into lines: inout TerminalLines) { lines.line("sift user: \(user)") }
    }
}
