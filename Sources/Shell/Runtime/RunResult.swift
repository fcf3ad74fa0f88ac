/// What a whole run of one source did. Every command's result went to the listeners as it
/// finished; this keeps the counts and the failures, so a million-line script holds no list.
public struct RunResult: Sendable {
    /// The source's name (`tour.sdk`, `<stdin>`, `<repl>`).
    public var source: String
    /// The status the run ends with (`.parse` when the check pass refused the script).
    public var status: ExitStatus
    public var duration: Duration
    /// Commands that ran (passed or failed).
    public var commandCount: Int
    /// The commands that failed, in order.
    public var failures: [CommandResult]
    /// What the check pass found before anything ran: non-empty means nothing ran.
    public var checkErrors: [ShellError]

    public init(
        source: String, status: ExitStatus, duration: Duration = .zero, commandCount: Int = 0, failures: [CommandResult] = [],
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
