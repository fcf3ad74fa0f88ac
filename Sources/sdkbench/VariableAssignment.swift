import ArgumentParser
import Shell

/// A `NAME=VALUE` from the command line (`--var`, `--secret`).
struct VariableAssignment {
    var name: String
    var value: String

    /// - Throws: `ValidationError` naming `option` when the text is not `NAME=VALUE` with a valid name.
    static func parse(_ text: String, option: String) throws(ValidationError) -> VariableAssignment {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("\(option) expects NAME=VALUE, got '\(option == "--secret" ? "***" : text)'")
        }
        let name = String(text[..<equals])
        guard Variables.isValidName(name) else {
            throw ValidationError("\(option): invalid variable name '\(name)': expected letters, digits, _ (not starting with a digit; not 'last')")
        }
        return VariableAssignment(name: name, value: String(text[text.index(after: equals)...]))
    }
}
