import Script

/// `end`: closes the innermost `repeat` block. The runner consumes it with its block; reached
/// alone (in the REPL), it has no block to close.
enum EndCommand {
    static let spec = CommandSpec(
        ["end"],
        summary: "End the innermost 'repeat' block",
        examples: ["end"],
        setsLast: false
    ) { context in
        throw context.failure("'end' without a 'repeat' before it")
    }
}
