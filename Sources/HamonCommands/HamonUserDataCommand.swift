import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonUserDataCommand {
    static let spec = CommandSpec(
        ["hamon", "userdata"],
        summary: "Show the user data 'user' and 'fcm' send (decrypted form)",
        examples: ["hamon userdata", "expect last.is_limited_ad_tracking == false"]
    ) { context in
        Shown(value: Redactor.json(try context.session.engine(HamonRuntime.self, at: context.command.range).client.userData))
    }

    /// The user data, secrets redacted, pretty-printed.
    struct Shown: CommandView {
        let value: Value
        func render(into lines: inout TerminalLines) { lines.line(JSONWriter.pretty(value)) }
    }
}
