import Hamon
import JSON
import Script
import Shell

enum FCMCommand {
    static let spec = CommandSpec(
        ["hamon", "fcm"],
        summary: "Set the Firebase Cloud Messaging token and send the user data again",
        arguments: [ArgumentSpec("TOKEN", .secret, "the FCM token (kept out of history and traces)")],
        options: [SecretLength.allowShortOption],
        examples: ["hamon fcm {{fcm_token}}", "fcm {{fcm_token}}"],
        coreForms: [["fcm"]]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        let client = hamon.client
        let token = context.string("TOKEN")
        let report = try await AsyncBridge.run(at: context.command.range) { await client.setFCM(token) }
        guard let report else { return Shown(sent: false) }
        try HamonFailureText.check(report.failure, doing: "fcm token set, but sending the user data failed", in: context)
        return Shown(sent: true)
    }

    /// Whether the token went out with the user data, or waits for a user id.
    struct Shown: CommandView {
        let sent: Bool
        var value: Value { .object(["sent": .bool(sent)]) }
        func render(into lines: inout TerminalLines) {
            lines.line(sent ? "fcm token set: user data sent" : "fcm token kept: it is sent with the user data once 'user ID' is set")
        }
    }
}
