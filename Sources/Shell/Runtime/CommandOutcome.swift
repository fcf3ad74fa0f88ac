import JSON

/// How one command of a run ended.
package enum CommandOutcome: Sendable, Equatable {
    /// It ran; the value is what it set `last` to (or returned, for commands that leave `last`).
    case ok(Value)
    /// An `expect` did not hold; `error` is the located error the terminal shows.
    /// (Boxed, as is `error`: frames that hold an outcome stay small; see `ShellErrorKind`.)
    indirect case expectationFailed(ExpectationFailure, error: ShellError)
    /// It stopped with an error (bad value at run time, refused connection, server error...).
    indirect case error(ShellError)
    /// Ctrl-C or SIGTERM stopped the run before this command.
    case interrupted

    /// The outcome of a command that threw `error`.
    init(_ error: ShellError) {
        if case .expectationFailed(let failure) = error.kind {
            self = .expectationFailed(failure, error: error)
        } else {
            self = .error(error)
        }
    }

    /// The located error, for a failed command.
    package var error: ShellError? {
        switch self {
        case .expectationFailed(_, let error), .error(let error): return error
        case .ok, .interrupted: return nil
        }
    }

    /// Whether the command counts as passed in a report.
    package var passed: Bool {
        if case .ok = self { return true }
        return false
    }
}
