import Script

enum QuitCommand {
    static let spec = CommandSpec(
        ["quit"],
        summary: "Shut the engines down (flushing pending work) and leave",
        examples: ["quit"],
        aliases: [["exit"], ["\\q"]],
        setsLast: false
    ) { context in
        context.session.quitRequested = true
        return .null
    }
}
