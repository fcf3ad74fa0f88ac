import JSON
import Script

/// Checks a value against its argument kind once variables are substituted.
enum ArgumentValidator {
    static func check(_ value: Value, kind: ArgumentKind, name: String, range: SourceRange) throws(ShellError) {
        let text = value.plainText
        switch kind {
        case .choice(let choices):
            // Choices spelt in capitals (HTTP methods) match in any case, as HTTPie's do.
            guard choices.contains(text) || choices.contains(text.uppercased()) else {
                throw ShellError(.invalidValue(name: name, value: text, expected: "one of " + choices.joined(separator: ", ")), at: range)
            }
        case .number:
            guard value.numberValue.map({ $0.isFinite }) ?? false, !isText(value) || PlainDecimal.normalized(text) != nil else {
                throw ShellError(.invalidValue(name: name, value: text, expected: "a decimal number such as 49.8289 or -1.5e3"), at: range)
            }
        case .integer(let bounds):
            guard let number = Int(text), bounds.contains(number) else {
                throw ShellError(
                    .invalidValue(name: name, value: text, expected: "a whole number from \(bounds.lowerBound) to \(bounds.upperBound)"),
                    at: range
                )
            }
        case .duration:
            guard DurationParser.seconds(text) != nil else {
                throw ShellError(.invalidValue(name: name, value: text, expected: DurationParser.expected), at: range)
            }
        case .rule(let rule):
            guard rule.isValid(text) else {
                throw ShellError(.invalidValue(name: name, value: text, expected: rule.expected), at: range)
            }
        case .variableName:
            guard Variables.isValidName(text) else {
                throw ShellError(
                    .invalidValue(name: name, value: text, expected: "a variable name (letters, digits, _; not 'last')"),
                    at: range
                )
            }
        case .valuePath:
            guard ValuePath(parsing: text) != nil else {
                throw ShellError(.invalidValue(name: name, value: text, expected: "a path such as last.json.id"), at: range)
            }
        case .httpItem:
            if let problem = RequestItem.problem(in: text) { throw ShellError(.invalidValue(name: name, value: text, expected: problem), at: range) }
        case .text, .identifier, .file, .directory, .secret, .expression, .commandName:
            break
        }
    }

    private static func isText(_ value: Value) -> Bool {
        if case .string = value { return true }
        return false
    }

    static func isIdentifier(_ text: String) -> Bool {
        // ASCII only, checked on bytes: this runs for every `set` of a million-line script.
        var utf8 = text.utf8.makeIterator()
        guard let first = utf8.next(), first == UInt8(ascii: "_") || isASCIILetter(first) else { return false }
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "_") || isASCIILetter(byte) || (byte >= 48 && byte <= 57) else { return false }
        }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }
}
