import Script

/// Told what a run does as it goes: the terminal is one listener; JUnit, TAP and JSON reports
/// will be others, built from the same values, never from terminal text.
///
/// Called on the thread that runs the script, in order.
package protocol RunListener: AnyObject {
    /// Whether `CommandResult.output` should hold what each command wrote (costs a copy).
    var wantsOutput: Bool { get }
    /// The check pass refused the source: nothing of it runs. `more` errors were not listed.
    func checkFailed(_ errors: [ShellError], more: Int, in source: SourceFile)
    /// A statement is about to run.
    func commandStarting(_ statement: Statement, in source: SourceFile)
    /// A running command (or an engine, while it runs) showed something before the command's
    /// end: a notice, progress. Called from whichever thread emitted it, never from two at once.
    /// A listener that shows nothing ignores it, and nothing is formatted.
    func emitted(_ shown: any Renderable)
    /// A statement finished (or the run was interrupted before it); what it returned is in
    /// `result.shown`, for a listener that shows it to render.
    func commandFinished(_ result: CommandResult, in source: SourceFile)
    /// The run is over.
    func runFinished(_ result: RunResult, in source: SourceFile)
}

extension RunListener {
    package var wantsOutput: Bool { false }
    package func checkFailed(_ errors: [ShellError], more: Int, in source: SourceFile) {}
    package func commandStarting(_ statement: Statement, in source: SourceFile) {}
    package func emitted(_ shown: any Renderable) {}
    package func commandFinished(_ result: CommandResult, in source: SourceFile) {}
    package func runFinished(_ result: RunResult, in source: SourceFile) {}
}
