import Script

/// The exit status a failure maps to (COMMANDS.md: Invocation).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case usage = 1
    case parse = 2
    case runtime = 3
    case expectation = 4
}

/// Everything that can stop a command, each with one wording (see `message`).
public enum ShellErrorKind: Sendable, Equatable {
    case script(ScriptError)
    case unknownCommand(String, suggestion: String?)
    case unknownSubcommand(group: String, word: String, choices: [String], suggestion: String?)
    case incompleteCommand(group: String, choices: [String])
    case unknownOption(command: String, option: String, suggestion: String?)
    case missingOptionValue(option: String, valueName: String)
    case optionTakesNoValue(option: String)
    case duplicateOption(option: String)
    case missingArgument(name: String, usage: String)
    case tooManyArguments(usage: String)
    case unexpectedParameter(command: String, text: String)
    case invalidValue(name: String, value: String, expected: String)
    case undefinedVariable(String, suggestion: String?)
    case pathMiss(path: String, reason: String)
    case expectationFailed(ExpectationFailure)
    case runtime(String)
    /// A server refused the work; `details` are shown one per line under the error.
    case remote(String, details: [String])
    case usage(String)
    case sourceDepth(Int)
    case interrupted
    /// A failure already rendered (inside a sourced file); it only carries the status up.
    case reported(ExitStatus)

    /// The exit status a run ends with when this error ends it.
    public var status: ExitStatus {
        switch self {
        case .script, .unknownCommand, .unknownSubcommand, .incompleteCommand, .unknownOption, .missingOptionValue,
            .optionTakesNoValue, .duplicateOption, .missingArgument, .tooManyArguments, .unexpectedParameter:
            return .parse
        case .expectationFailed: return .expectation
        case .usage: return .usage
        case .reported(let status): return status
        case .invalidValue, .undefinedVariable, .pathMiss, .runtime, .remote, .sourceDepth, .interrupted: return .runtime
        }
    }
}

/// A located failure; the renderer prints it once, Hurl-style.
public struct ShellError: Error, Sendable, Equatable {
    public var kind: ShellErrorKind
    public var range: SourceRange?
    /// Secret values the failed line held (a too-long KEY that a check refused): reporting the
    /// error registers them first, so its excerpt masks them although the line never ran.
    public var secrets: [String] = []

    public init(_ kind: ShellErrorKind, at range: SourceRange?) {
        self.kind = kind
        self.range = range
    }

    public init(_ error: ScriptError) {
        self.kind = .script(error)
        self.range = error.range
    }

    /// A runtime failure with a message, located at the command that caused it.
    public static func runtime(_ message: String, at range: SourceRange? = nil) -> ShellError {
        ShellError(.runtime(message), at: range)
    }

    public var status: ExitStatus { kind.status }

    public var message: String {
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
        case .sourceDepth(let depth): return "'source' nested deeper than \(depth) files (a file sourcing itself?)"
        case .interrupted: return "interrupted"
        case .reported: return "failed in a sourced file"
        }
    }

    /// The "did you mean" or usage line shown under the caret.
    public var hint: String? {
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
