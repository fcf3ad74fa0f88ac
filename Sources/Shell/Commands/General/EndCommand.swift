import Script

/// `end`: closes the innermost block (`repeat`, `http on-response`). The runner consumes it with its block; reached
/// alone (in the REPL), it has no block to close.
enum EndCommand {
    static let spec = CommandSpec(
        ["end"],
        summary: "End the innermost block ('repeat', 'http on-response')",
        examples: ["end"],
        setsLast: false
    ) { context in
        throw context.failure(unopened)
    }

    static let unopened = "'end' without a 'repeat' or 'http on-response' before it"
}
