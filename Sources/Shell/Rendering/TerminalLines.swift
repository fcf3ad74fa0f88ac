/// What a command or a notice shows, in order: written by `Renderable.render`, shown by the
/// terminal listener (secrets masked on the way out), recorded into `CommandResult.output` likewise.
public struct TerminalLines: Sendable {
    public private(set) var events: [ShellEvent] = []

    public init() {}

    /// A line of standard output.
    public mutating func line(_ text: String) { events.append(.line(text)) }
    /// Text on standard output as given.
    public mutating func write(_ text: String) { events.append(.text(text)) }
    /// A line with its secrets in clear (`--reveal`).
    public mutating func revealedLine(_ text: String) { events.append(.revealedLine(text)) }
    /// A warning located at the command.
    public mutating func warn(_ message: String) { events.append(.warning(message)) }
    /// Text on standard error as given.
    public mutating func writeError(_ text: String) { events.append(.diagnostic(text)) }
    /// What was shown so far should reach the reader now.
    public mutating func flush() { events.append(.flush) }
    /// Any of the above.
    public mutating func append(_ event: ShellEvent) { events.append(event) }
}

extension Renderable {
    /// The lines `render` makes.
    public var rendered: TerminalLines {
        var lines = TerminalLines()
        render(into: &lines)
        return lines
    }
}
