/// What a command or a notice shows, in order: written by `Renderable.render`, shown by the
/// terminal listener (secrets masked on the way out), recorded into `CommandResult.output` likewise.
package struct TerminalLines: Sendable {
    package private(set) var events: [ShellEvent] = []

    package init() {}

    /// A line of standard output.
    package mutating func line(_ text: String) { events.append(.line(text)) }
    /// Text on standard output as given.
    package mutating func write(_ text: String) { events.append(.text(text)) }
    /// A line with its secrets in clear (`--reveal`).
    package mutating func revealedLine(_ text: String) { events.append(.revealedLine(text)) }
    /// A warning located at the command.
    package mutating func warn(_ message: String) { events.append(.warning(message)) }
    /// Text on standard error as given.
    package mutating func writeError(_ text: String) { events.append(.diagnostic(text)) }
    /// What was shown so far should reach the reader now.
    package mutating func flush() { events.append(.flush) }
    /// Any of the above.
    package mutating func append(_ event: ShellEvent) { events.append(event) }
}

extension Renderable {
    /// The lines `render` makes.
    package var rendered: TerminalLines {
        var lines = TerminalLines()
        render(into: &lines)
        return lines
    }
}
