/// What went wrong while reading a script, before anything ran.
package enum ScriptErrorKind: Equatable, Sendable {
    case unterminatedQuote(Character)
    case unterminatedVariable
    case invalidVariableName(String)
    case unknownEscape(Character)
    case invalidJSON(key: String, reason: String)
    case controlCharacter(UInt32)
    case danglingContinuation
}
