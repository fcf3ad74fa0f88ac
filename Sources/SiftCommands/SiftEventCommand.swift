import JSON
import Shell
import Sift

enum SiftEventCommand {
    static let spec = CommandSpec(
        ["sift", "event"],
        summary: "Queue a Sift mobile event in sift-default (journaled before the command returns)",
        arguments: [ArgumentSpec("TYPE", .text, "the mobile_event_type, e.g. tap or screen_view")],
        options: [
            OptionSpec("path", value: .text, valueName: "P", "the event's path, e.g. /checkout"),
            OptionSpec("user", value: .text, valueName: "ID", "this event's user_id, in place of the one 'sift user' set"),
            OptionSpec("metrics", value: .text, valueName: "JSON", "the event's metrics: a JSON object of strings"),
            OptionSpec("device-properties", value: .text, valueName: "JSON", "legacy device_properties: a JSON object of strings"),
        ],
        parameters: "custom fields: key=value (strings only; key:=JSON that is not a string is dropped by the sanity check)",
        discussion: """
            The event gets the time now (ms), the user id set with 'sift user' and the install's installation_id. \
            sift-default is ready with more than 32 events or 60 s after the last upload (at once before the first \
            one); a ready queue is handed to the uploader at once. --metrics and --device-properties set the \
            event's string maps (seed 001 §3.1); a value that is not a string gets the event dropped, as the SDK's \
            sanity check does.
            """,
        examples: [
            "sift event tap --path /checkout button=pay", "sift event screen_view screen=home", "expect last.queued == true",
            "sift event login --user u-42 --metrics '{\"queue_ms\":\"12\"}'",
        ],
        check: { bound throws(ShellError) in
            for name in ["metrics", "device-properties"] {
                guard let value = bound.options[name], value.isKnown else { continue }
                guard object(value) != nil else {
                    throw ShellError(
                        .invalidValue(name: "--" + name, value: value.text, expected: "a JSON object such as {\"key\":\"value\"}"),
                        at: value.range
                    )
                }
            }
        }
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        var fields = JSONObject(minimumCapacity: context.command.parameters.count)
        for (key, value) in context.command.parameters { fields[key] = value.value }
        var event = sift.client.makeEvent(type: context.string("TYPE"), path: context.option("path")?.text, fields: fields.count > 0 ? fields : nil)
        event.userID = context.option("user")?.text
        event.metrics = object(context.option("metrics"))
        event.deviceProperties = object(context.option("device-properties"))
        do {
            return SiftAppendText(try sift.client.append(event), what: "event")
        } catch {
            throw context.failure(error)
        }
    }
}

/// A `--metrics` or `--device-properties` JSON object (the check has refused anything else).
private func object(_ value: BoundValue?) -> JSONObject? {
    guard let value, case .object(let object)? = try? JSONParser.parse(value.text) else { return nil }
    return object
}
