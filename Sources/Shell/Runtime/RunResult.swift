/// What a whole run of one source did. Every command's result went to the listeners as it
/// finished; this keeps the counts and the failures, so a million-line script holds no list.
package struct RunResult: Sendable {
    /// The source's name (`tour.sdk`, `<stdin>`, `<repl>`).
    package var source: String
    /// The status the run ends with (`.parse` when the check pass refused the script).
    package var status: ExitStatus
    package var duration: Duration
    /// Commands that ran (passed or failed).
    package var commandCount: Int
    /// The commands that failed, in order.
    package var failures: [CommandResult]
    /// What the check pass found before anything ran: non-empty means nothing ran.
    package var checkErrors: [ShellError]

    package init(
        source: String,
        status: ExitStatus,
        duration: Duration = .zero,
        commandCount: Int = 0,
        failures: [CommandResult] = [],
        checkErrors: [ShellError] = []
    ) {
        self.source = source
        self.status = status
        self.duration = duration
        self.commandCount = commandCount
        self.failures = failures
        self.checkErrors = checkErrors
    }
}
