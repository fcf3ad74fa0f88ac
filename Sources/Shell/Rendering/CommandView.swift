import JSON

/// Something a terminal shows: a command's result (`CommandView`), an engine's notice, a line.
///
/// Whoever reports it hands over the value, not its text: the terminal listener renders it,
/// and so does the recording of `CommandResult.output` (`test --verbose`, JUnit system-out). A
/// silent session (a load device, a test file without `--verbose`) never calls `render`, so
/// nothing is formatted where nobody reads it.
package protocol Renderable: Sendable {
    /// Appends what it shows, in order: lines for standard output, warnings for standard error.
    func render(into lines: inout TerminalLines)
}

/// What a command returns: its value (what `last` becomes) and how it shows on a terminal,
/// rendered when the command ends. Handlers format no text. A command that shows nothing
/// returns its `Value`, which renders nothing.
package protocol CommandView: Renderable {
    /// What `last` becomes (or the command's value in its result, for commands that leave `last`).
    var value: Value { get }
}

extension Value: CommandView {
    package var value: Value { self }
    package func render(into lines: inout TerminalLines) {}
}

extension ShellEvent: Renderable {
    /// A line, a warning, a flush: shown as it is.
    package func render(into lines: inout TerminalLines) { lines.append(self) }
}
