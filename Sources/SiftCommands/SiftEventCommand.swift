import JSON
import Shell
import Sift

enum SiftEventCommand {
    static let spec = CommandSpec(
        ["sift", "event"], summary: "Queue a Sift mobile event in sift-default (journaled before the command returns)",
        arguments: [ArgumentSpec("TYPE", .text, "the mobile_event_type, e.g. tap or screen_view")],
        options: [OptionSpec("path", value: .text, valueName: "P", "the event's path, e.g. /checkout")],
        parameters: "custom fields: key=value (strings only; key:=JSON that is not a string is dropped by the sanity check)",
        discussion: """
            The event gets the time now (ms), the user id set with 'sift user' and the install's installation_id. \
            sift-default is ready with more than 32 events or 60 s after the last upload (at once before the first \
            one); a ready queue is handed to the uploader at once.
            """,
        examples: ["sift event tap --path /checkout button=pay", "sift event screen_view screen=home", "expect last.queued == true"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        var fields = JSONObject(minimumCapacity: context.command.parameters.count)
        for (key, value) in context.command.parameters { fields[key] = value.value }
        let event = sift.client.makeEvent(type: context.string("TYPE"), path: context.option("path")?.text, fields: fields.count > 0 ? fields : nil)
        do {
            return SiftAppendText.report(try sift.client.append(event), what: "event", to: context.events)
        } catch {
            throw context.failure(error)
        }
    }
}
