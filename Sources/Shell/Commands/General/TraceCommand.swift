import Script

enum TraceCommand {
    static let spec = CommandSpec(
        ["trace"],
        summary: "Print every HTTP exchange (secrets redacted)",
        arguments: [ArgumentSpec("STATE", .choice(["on", "off"]), "on or off")],
        examples: ["trace on"],
        setsLast: false
    ) { context in
        context.session.traceEnabled = context.string("STATE") == "on"
        return .bool(context.session.traceEnabled)
    }
}
