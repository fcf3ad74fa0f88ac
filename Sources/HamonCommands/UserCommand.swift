import Hamon
import JSON
import Script
import Shell

enum UserCommand {
    static let spec = CommandSpec(
        ["hamon", "user"],
        summary: "Set the Hamon user id and send the user data (PATCH /v1/users/ID)",
        arguments: [ArgumentSpec("ID", .text, "the user id (the Firebase App Instance ID in the app)")],
        discussion: "Events are sent only once a user id is set; queued events may flush right after.",
        examples: ["hamon user app-instance-1", "user app-instance-1"],
        coreForms: [["user"]]
    ) { context in
        await Shown(report: try sendUser(context.string("ID"), in: context))
    }

    /// The user id set, its user data sent.
    struct Shown: CommandView {
        let report: UserUpdateReport
        var value: Value { .object(["user": .string(report.userID), "sent": .bool(report.failure == nil)]) }
        func render(into lines: inout TerminalLines) { lines.line("user \(report.userID): user data sent") }
    }

    /// Sets the user id and shows it at once, for a command that does more after it
    /// (`configure host --user`); a failed PATCH is an error (the id stays set).
    static func setUser(_ id: String, in context: CommandContext) async throws(ShellError) -> UserUpdateReport {
        let report = try await sendUser(id, in: context)
        context.show(Shown(report: report))
        return report
    }

    /// Sets the user id; a failed PATCH is an error (the id stays set).
    private static func sendUser(_ id: String, in context: CommandContext) async throws(ShellError) -> UserUpdateReport {
        guard !id.isEmpty else { throw context.failure("the user id is empty", at: context.argument("ID")) }
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        let client = hamon.client
        let report = try await AsyncBridge.run(at: context.command.range) { await client.setUser(id) }
        try HamonFailureText.check(report.failure, doing: "user id '\(id)' set, but sending the user data failed", in: context)
        return report
    }
}
