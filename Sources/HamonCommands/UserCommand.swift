import Hamon
import Script
import Shell

enum UserCommand {
    static let spec = CommandSpec(
        ["hamon", "user"], summary: "Set the Hamon user id and send the user data (PATCH /v1/users/ID)",
        arguments: [ArgumentSpec("ID", .text, "the user id (the Firebase App Instance ID in the app)")],
        discussion: "Events are sent only once a user id is set; queued events may flush right after.",
        examples: ["hamon user app-instance-1", "user app-instance-1"], coreForms: [["user"]]
    ) { context in
        let report = try setUser(context.string("ID"), in: context)
        return .object(["user": .string(report.userID), "sent": .bool(report.failure == nil)])
    }

    /// Sets the user id; a failed PATCH is an error (the id stays set).
    static func setUser(_ id: String, in context: CommandContext) throws(ShellError) -> UserUpdateReport {
        guard !id.isEmpty else { throw context.failure("the user id is empty", at: context.argument("ID")) }
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        let client = hamon.client
        let report = try AsyncBridge.run(at: context.command.range) { await client.setUser(id) }
        try HamonFailureText.check(report.failure, doing: "user id '\(id)' set, but sending the user data failed", in: context)
        context.events.line("user \(id): user data sent")
        return report
    }
}
