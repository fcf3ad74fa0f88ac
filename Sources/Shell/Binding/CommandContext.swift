import JSON
import Script

/// What a handler is given: its bound command and the session it runs in.
package struct CommandContext {
    package let command: BoundCommand
    package let session: ShellSession

    /// Where the command shows what it has to say: the run's listeners (the terminal among them).
    package var events: ShellEventRouter { session.events }

    /// Shows `shown` now rather than when the command ends: for a command that shows what it
    /// got and then fails (`http --check-status`, `sift upload` with a batch dropped), whose
    /// lines come before its error, which has no value to render. Rendered only by listeners
    /// that show it, as a returned value is.
    package func show(_ shown: some Renderable) { events.emit(shown) }

    /// The first value of a positional argument.
    package func argument(_ name: String) -> BoundValue? { command.arguments.first(name) }

    /// The text of a required positional argument (the binder guarantees it is there).
    package func string(_ name: String) -> String { argument(name)?.text ?? "" }

    /// Every value given to a (variadic) argument.
    package func values(_ name: String) -> [BoundValue] { command.arguments.all(name) }

    /// The value of a `--name VALUE` option.
    package func option(_ name: String) -> BoundValue? { command.options[name] }

    /// Whether a `--flag` was given.
    package func flag(_ name: String) -> Bool { command.options.contains(name) }

    /// `key=value` parameters as strings, later keys winning.
    package var stringParameters: [String: String] {
        var result: [String: String] = [:]
        for (key, value) in command.parameters { result[key] = value.text }
        return result
    }

    /// A runtime failure located at this command.
    package func failure(_ message: String) -> ShellError { .runtime(message, at: command.range) }

    /// An engine's error, kept typed, located at this command or at one of its arguments.
    ///
    /// - Parameters:
    ///   - action: what was being done, said before the error (`cannot decrypt`).
    ///   - consequence: said after it (`; nothing was sent`).
    package func failure(_ error: any Error, action: String = "", consequence: String = "", at value: BoundValue? = nil) -> ShellError {
        .engine(error, action: action, consequence: consequence, at: value?.range ?? command.range)
    }

    /// A runtime failure located at one argument.
    package func failure(_ message: String, at value: BoundValue?) -> ShellError {
        .runtime(message, at: value?.range ?? command.range)
    }
}
