import JSON
import Shell
import Sift

enum SiftUnsetUserCommand {
    static let spec = CommandSpec(
        ["sift", "unset-user"], summary: "Remove the Sift user id: later events carry none",
        examples: ["sift unset-user"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        sift.client.unsetUser()
        context.events.line("sift user: (none)")
        return .object(["user": .null])
    }
}
