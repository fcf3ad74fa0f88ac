/// One piece of what a terminal shows: what `Renderable.render` makes.
///
/// The terminal listener writes them to standard output and error; a recording keeps their text.
package enum ShellEvent: Sendable, Equatable {
    /// Text for standard output, as given.
    case text(String)
    /// One line of standard output (the newline is added where it is written, not by copying).
    case line(String)
    /// A line whose secrets stay in clear: only `echo --reveal` and `--reveal` options ask for it.
    case revealedLine(String)
    /// A warning on standard error, located at the running command.
    case warning(String)
    /// Text for standard error, as given.
    case diagnostic(String)
    /// What was shown so far should reach the reader now: the command is about to pause or to
    /// write to standard output itself.
    case flush
}
