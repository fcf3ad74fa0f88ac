import Hamon
import JSON
import Script
import Shell

enum LogCommand {
    static let spec = CommandSpec(
        ["hamon", "log"],
        summary: "Log a Hamon event (queued durably; sent at 10 events, after 10 s, or on flush)",
        arguments: [ArgumentSpec("NAME", .text, "the event name, e.g. purchase or screen_view")],
        parameters: "event parameters: key=value is a string, key:=JSON keeps its type (number, bool, array, object, null)",
        discussion: "The event is in the queue's journal before the command returns: a killed process loses nothing.",
        examples: [
            "hamon log screen_view screen_name=home", "log screen_view screen_name=home",
            "log purchase product_id=123 price:=9.99 quantity:=1 tags:='[\"a\",\"b\"]'",
        ],
        coreForms: [["log"]]
    ) { context in
        let hamon = try context.session.engine(HamonRuntime.self, at: context.command.range)
        try hamon.prepareServer(at: context.command.range)
        hamon.noteEmbeddedBackendOnce()
        var parameters = JSONObject()
        for (key, value) in context.command.parameters { parameters[key] = value.value }
        let event: AnalyticsEvent
        do {
            event = try hamon.client.log(context.string("NAME"), parameters: parameters)
        } catch {
            throw context.failure(error)
        }
        return .object([
            "uuid": .string(event.uuid), "name": .string(event.name), "timestamp": .int(Int(event.timestamp)),
            "parameters": .object(event.parameters),
        ])
    }
}
