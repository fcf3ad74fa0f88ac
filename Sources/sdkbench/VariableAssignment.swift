import ArgumentParser
import Shell

/// A `NAME=VALUE` from the command line (`--var`, `--secret`).
struct VariableAssignment {
    var name: String
    var value: String

    /// Splits `NAME=VALUE` at its first `=`; the name is not checked here (`SuiteVariables` checks a variable's).
    ///
    /// - Throws: `ValidationError` naming `option` when there is no `=` or no name before it.
    static func split(_ text: String, option: String) throws(ValidationError) -> VariableAssignment {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("\(option) expects NAME=VALUE, got '\(option == "--secret" ? "***" : text)'")
        }
        return VariableAssignment(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }
}
