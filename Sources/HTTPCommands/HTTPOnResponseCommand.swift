import JSON
import Script
import Shell

/// `http on-response` … `end`: lines run after every `http` response, the seed's response
/// interceptor ("Add response interceptors to process all responses").
enum HTTPOnResponseCommand {
    static let spec = CommandSpec(
        ["http", "on-response"],
        summary: "Run the lines up to 'end' after every http response (a response interceptor)",
        discussion: """
            The block runs after each 'http' request of the session that got a response (4xx and 5xx too), \
            blocks in the order they were registered, with 'last' the response. An 'expect' that fails in it \
            fails the 'http' line that made the request (exit 4), any other error fails it too; 'capture' keeps \
            a value for later lines. An 'http' line inside a block does not run the blocks again. In the REPL, \
            the lines typed after it are kept until its 'end'. 'http on-response list' shows the blocks, \
            'http on-response clear' removes them.
            """,
        examples: [
            "http on-response",
            "  expect last.class != 5xx",
            "  capture session last.cookies[0].value",
            "end",
        ],
        setsLast: false,
        opensBlock: true
    ) { context in
        let session = context.session
        guard let block = session.takeBlock() else {
            throw context.failure("'http on-response' needs its lines and 'end' after it")
        }
        let runtime = try session.engine(HTTPSessionRuntime.self, at: context.command.range)
        runtime.add(HTTPSessionRuntime.ResponseHook(statements: block.statements, source: block.source, range: context.command.range))
        return .null
    }

    /// Runs the session's hooks after `response`, `last` being `value`; throws what fails the
    /// `http` line: a failed `expect` as `.expectation`, another error with its status (both
    /// already reported where they happened).
    static func runHooks(_ runtime: HTTPSessionRuntime, after value: Value, context: CommandContext) async throws(ShellError) {
        let session = context.session
        runtime.runningHooks = true
        defer { runtime.runningHooks = false }
        var failed: ExitStatus?
        for hook in runtime.hooks {
            session.variables.last = value
            let status = await session.runBlock(hook.statements, in: hook.source)
            if status == .success { continue }
            // As `repeat` does: where failed expects do not stop the run (`test`, load), every
            // hook still runs and the line fails once they have.
            if status == .expectation, session.goesOnPastFailedExpects {
                failed = .expectation
                continue
            }
            throw ShellError(.reported(status), at: context.command.range)
        }
        if let failed { throw ShellError(.reported(failed), at: context.command.range) }
    }
}
