import Script

/// A located failure; the renderer prints it once, Hurl-style.
package struct ShellError: Error, Sendable, Equatable {
    package var kind: ShellErrorKind
    package var range: SourceRange?
    /// Secret values the failed line held (a too-long KEY that a check refused): reporting the
    /// error registers them first, so its excerpt masks them although the line never ran.
    package var secrets: [String] = []

    package init(_ kind: ShellErrorKind, at range: SourceRange?) {
        self.kind = kind
        self.range = range
    }

    package init(_ error: ScriptError) {
        self.kind = .script(error)
        self.range = error.range
    }

    /// A runtime failure with a message, located at the command that caused it.
    package static func runtime(_ message: String, at range: SourceRange? = nil) -> ShellError {
        ShellError(.runtime(message), at: range)
    }

    /// An engine's error, located at the command that caused it, kept typed (see `EngineFailure`).
    package static func engine(
        _ error: any Error,
        action: String = "",
        consequence: String = "",
        at range: SourceRange? = nil
    ) -> ShellError {
        ShellError(.engine(EngineFailure(error, action: action, consequence: consequence)), at: range)
    }

    package var status: ExitStatus { kind.status }

    /// `FILE:LINE:COLUMN: message` (`FILE: message` when unlocated): one line for a report or a
    /// refusal that cannot quote the source.
    package func line(in file: String) -> String {
        (range.map { "\(file):\($0.start): " } ?? "\(file): ") + message
    }

    package var message: String {
        switch kind {
        case .script(let error): return error.message
        case .unknownCommand(let word, _): return "unknown command '\(word)'"
        case .unknownSubcommand(let group, let word, _, _): return "unknown command '\(group) \(word)'"
        case .incompleteCommand(let group, let choices):
            return "'\(group)' needs a sub-command: \(choices.joined(separator: ", "))"
        case .unknownOption(let command, let option, _): return "unknown option '--\(option)' for '\(command)'"
        case .missingOptionValue(let option, let valueName): return "option '--\(option)' needs a value (\(valueName))"
        case .optionTakesNoValue(let option): return "option '--\(option)' takes no value"
        case .duplicateOption(let option): return "option '--\(option)' given twice"
        case .missingArgument(let name, _): return "missing argument \(name)"
        case .tooManyArguments: return "too many arguments"
        case .unexpectedParameter(let command, let text): return "'\(command)' takes no key=value parameters (got '\(text)')"
        case .invalidValue(let name, let value, let expected): return "invalid \(name) '\(value)': expected \(expected)"
        case .undefinedVariable(let name, _): return "undefined variable '\(name)'"
        case .pathMiss(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .expectationFailed(let failure): return "expect failed: \(failure.detail)"
        case .runtime(let message), .usage(let message), .remote(let message, _): return message
        case .engine(let failure): return failure.message
        case .sourceDepth(let depth): return "'source' nested deeper than \(depth) files (a file sourcing itself?)"
        case .interrupted: return "interrupted"
        case .reported: return "failed in a sourced file"
        }
    }

    /// The "did you mean" or usage line shown under the caret.
    package var hint: String? {
        switch kind {
        case .unknownCommand(_, let suggestion):
            return suggestion.map { "did you mean '\($0)'?" } ?? "type 'help' for the list of commands"
        case .unknownSubcommand(let group, _, let choices, let suggestion):
            if let suggestion { return "did you mean '\(group) \(suggestion)'?" }
            return "'\(group)' commands: \(choices.joined(separator: ", "))"
        case .unknownOption(_, _, let suggestion): return suggestion.map { "did you mean '--\($0)'?" }
        case .missingArgument(_, let usage), .tooManyArguments(let usage): return "usage: \(usage)"
        case .undefinedVariable(_, let suggestion):
            return suggestion.map { "did you mean '\($0)'?" } ?? "define it with 'set NAME VALUE' or 'capture NAME PATH'"
        case .remote(_, let details): return details.isEmpty ? nil : details.joined(separator: "\n")
        default: return nil
        }
    }
}
