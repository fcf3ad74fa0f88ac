import JSON
import Script

/// Evaluates `expect LHS OP RHS` for `ExpectCommand`.
struct ExpectEvaluator {
    let context: CommandContext

    func evaluate() throws(ShellError) {
        let lhsArgument = context.argument("LHS")!
        let operation = context.string("OP")
        let rhsArgument = context.argument("RHS")
        let lhsText = lhsArgument.text
        if operation == "exists" {
            guard rhsArgument == nil else { throw context.failure("'exists' takes no right-hand side", at: rhsArgument) }
            guard case .string(let text) = lhsArgument.value, let path = ValuePath(parsing: text) else {
                return  // a substituted value exists by definition
            }
            do {
                _ = try context.session.variables.resolve(path, range: lhsArgument.range)
            } catch {
                throw ShellError(
                    .expectationFailed(ExpectationFailure(expression: "\(text) exists", detail: "\(text) exists: \(error.message)")),
                    at: lhsArgument.range)
            }
            return
        }
        guard let rhsArgument else {
            throw ShellError(.missingArgument(name: "RHS", usage: context.command.spec.usage), at: .at(context.command.range.end))
        }
        let lhs = try leftValue(lhsArgument)
        let rhs = rightValue(rhsArgument)
        let passed: Bool
        switch operation {
        case "==": passed = ValueComparison.equal(lhs, rhs)
        case "!=": passed = !ValueComparison.equal(lhs, rhs)
        case "<", "<=", ">", ">=":
            guard let order = ValueComparison.order(lhs, rhs) else {
                throw ShellError(
                    .expectationFailed(
                        ExpectationFailure(
                            expression: "\(lhsText) \(operation) \(rhsArgument.text)", actual: lhs, expected: rhs,
                            detail: "cannot order \(lhs.typeName) \(describe(lhs)) against \(rhs.typeName) \(describe(rhs))")),
                    at: context.command.range)
            }
            switch operation {
            case "<": passed = order < 0
            case "<=": passed = order <= 0
            case ">": passed = order > 0
            default: passed = order >= 0
            }
        case "contains": passed = ValueComparison.contains(lhs, rhs)
        case "matches":
            let subject = lhs.plainText
            switch try Self.compile(rhsArgument).search(in: subject) {
            case .found: passed = true
            case .notFound: passed = false
            case .gaveUp:
                throw ShellError.runtime(
                    "the pattern gave up after \(Pattern.stepLimit) backtracking steps on \(subject.count) characters: "
                        + "nested repeats such as (a+)+ backtrack exponentially; rewrite it without them", at: rhsArgument.range)
            }
        default: passed = false
        }
        guard passed else {
            let written = "\(lhsText) \(operation) \(rhsArgument.text)"
            let failure = ExpectationFailure(
                expression: written, actual: lhs, expected: rhs, detail: "\(written): actual \(describe(lhs)) (\(lhs.typeName))")
            throw ShellError(.expectationFailed(failure), at: context.command.range)
        }
    }

    /// The regular expression `matches` uses, or a located error saying why it is not one.
    @discardableResult
    static func compile(_ pattern: BoundValue) throws(ShellError) -> Pattern {
        do throws(Pattern.CompileFailure) {
            return try Pattern(pattern.text)
        } catch {
            throw ShellError(
                .invalidValue(name: "RHS", value: pattern.text, expected: "a regular expression (\(error.message) at offset \(error.offset))"),
                at: pattern.range)
        }
    }

    /// An unquoted path reads a variable or `last`; a `{{var}}` is already substituted; quoted text is text.
    private func leftValue(_ argument: BoundValue) throws(ShellError) -> Value {
        guard case .string(let text) = argument.value, let path = ValuePath(parsing: text),
            path.root == "last" || context.session.variables[path.root] != nil
        else { return coerce(argument) }
        return try context.session.variables.resolve(path, range: argument.range)
    }

    private func rightValue(_ argument: BoundValue) -> Value { coerce(argument) }

    private func coerce(_ argument: BoundValue) -> Value {
        guard case .string(let text) = argument.value, !argument.isQuoted else { return argument.value }
        return (try? JSONParser.parse(text)) ?? .string(text)
    }

    private func describe(_ value: Value) -> String {
        let text = JSONWriter.compact(value)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
