import Script

/// Everything that can stop a command, each with one wording (see `message`).
///
/// Indirect: a `throws(ShellError)` call keeps room for the error in its caller's frame, and
/// the kind inline made that 136 bytes (56 boxed) in every such frame; see `ScriptRunner.execute`
/// for the frames a load device's iteration holds while it waits.
package indirect enum ShellErrorKind: Sendable, Equatable {
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
    /// An engine threw: its typed error is kept for listeners.
    case engine(EngineFailure)
    /// A server refused the work; `details` are shown one per line under the error.
    case remote(String, details: [String])
    case usage(String)
    case sourceDepth(Int)
    case interrupted
    /// A failure already rendered (inside a sourced file); it only carries the status up.
    case reported(ExitStatus)

    /// The exit status a run ends with when this error ends it.
    package var status: ExitStatus {
        switch self {
        case .script, .unknownCommand, .unknownSubcommand, .incompleteCommand, .unknownOption, .missingOptionValue,
            .optionTakesNoValue, .duplicateOption, .missingArgument, .tooManyArguments, .unexpectedParameter:
            return .parse
        case .expectationFailed: return .expectation
        case .usage: return .usage
        case .reported(let status): return status
        case .invalidValue, .undefinedVariable, .pathMiss, .runtime, .engine, .remote, .sourceDepth, .interrupted: return .runtime
        }
    }
}
