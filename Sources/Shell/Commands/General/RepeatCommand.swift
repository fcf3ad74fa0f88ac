import JSON
import Script

/// `repeat COUNT` … `end`: the lines between run COUNT times, `{{i}}` the iteration (1-based,
/// the innermost block's). The runner hands the block to the command (`ShellSession.pendingBlock`);
/// the check pass has matched every `repeat` with its `end` before anything ran.
enum RepeatCommand {
    static let spec = CommandSpec(
        ["repeat"],
        summary: "Run the lines up to the matching 'end' COUNT times; {{i}} is the iteration",
        arguments: [ArgumentSpec("COUNT", .integer(0...1_000_000), "how many times (0 skips the block)")],
        discussion: """
            Blocks nest; {{i}} is the innermost block's iteration, from 1, and an outer block's i comes back after \
            the inner block ends. An error inside stops the run (as any error does) and says which iteration it was. \
            A block runs in a script, in -c and from 'source'; in the REPL, the lines typed after it are kept until its 'end'.
            """,
        examples: ["repeat 3", "  perf start login api", "  perf end login api", "end", "repeat {{count}}"],
        setsLast: false,
        opensBlock: true
    ) { context in
        let session = context.session
        guard let (block, source) = session.takeBlock().map({ ($0.statements, $0.source) }) else {
            throw context.failure("'repeat' needs its lines and 'end' after it")
        }
        let count = Int(context.argument("COUNT")!.value.numberValue ?? 0)
        let outer = session.variables["i"]
        session.repeatIterations.append(0)
        defer {
            session.repeatIterations.removeLast()
            if let outer { session.variables.set("i", outer) } else { _ = session.variables.unset("i") }
        }
        let place = "\(source.name):\(context.command.range.start.line)"
        let options = session.runOptions ?? RunOptions()
        // Where failed expects do not stop the run (`sdkbench test`, load mode), they do not stop
        // the repeat either: every iteration's expects are checked; the repeat reports the
        // failure once all have run.
        var expectFailed = false
        for iteration in 0..<count {
            session.variables.set("i", .int(iteration + 1))
            session.repeatIterations[session.repeatIterations.count - 1] = iteration + 1
            session.output.enteredNote(.iteration(iteration + 1, of: count, repeatAt: place))
            let result = await ScriptRunner(session: session, listeners: session.runListeners).runBlock(block, in: source, options: options)
            session.output.leftNote()
            if options.goesOnPastExpectation(result.status) {
                expectFailed = true
            } else if result.status != .success {
                throw ShellError(.reported(result.status), at: context.command.range)
            }
            if session.quitRequested { break }
        }
        if expectFailed { throw ShellError(.reported(.expectation), at: context.command.range) }
        return .null
    }
}
