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
            if case .failure(let miss) = try context.session.variables.reach(path, range: lhsArgument.range) {
                throw unread(miss, written: "\(text) exists", at: lhsArgument.range)
            }
            return
        }
        guard let rhsArgument else {
            throw ShellError(.missingArgument(name: "RHS", usage: context.command.spec.usage), at: .at(context.command.range.end))
        }
        let rhs = rightValue(rhsArgument)
        let lhs: Value
        switch try leftValue(lhsArgument) {
        case .success(let value): lhs = value
        case .failure(let miss): throw unread(miss, written: "\(lhsText) \(operation) \(rhsArgument.text)", expected: rhs)
        }
        let passed: Bool
        switch operation {
        case "==": passed = ValueComparison.equal(lhs, rhs)
        case "!=": passed = !ValueComparison.equal(lhs, rhs)
        case "<", "<=", ">", ">=":
            guard let order = ValueComparison.order(lhs, rhs) else {
                throw failed(
                    ExpectationFailure(
                        expression: "\(lhsText) \(operation) \(rhsArgument.text)",
                        actual: lhs,
                        expected: rhs,
                        detail: "cannot order \(lhs.typeName) \(describe(lhs)) against \(rhs.typeName) \(describe(rhs))"
                    )
                )
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
                        + "nested repeats such as (a+)+ backtrack exponentially; rewrite it without them",
                    at: rhsArgument.range
                )
            }
        default: passed = false
        }
        guard passed else {
            let written = "\(lhsText) \(operation) \(rhsArgument.text)"
            throw failed(
                ExpectationFailure(expression: written, actual: lhs, expected: rhs, detail: "\(written): actual \(describe(lhs)) (\(lhs.typeName))")
            )
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
                at: pattern.range
            )
        }
    }

    /// An unquoted path reads a variable or `last`; a `{{var}}` is already substituted; quoted text is text.
    /// A path that does not reach a value is its miss: the check fails on it (as Hurl's asserts fail
    /// on a query that returns nothing); it does not stop the script as an error would.
    private func leftValue(_ argument: BoundValue) throws(ShellError) -> Result<Value, ValuePath.Miss> {
        guard case .string(let text) = argument.value, let path = ValuePath(parsing: text),
            path.root == "last" || context.session.variables[path.root] != nil
        else { return .success(coerce(argument)) }
        return try context.session.variables.reach(path, range: argument.range)
    }

    /// The failed expectation of a left side that could not be read: what was there instead, and where.
    private func unread(_ miss: ValuePath.Miss, written: String, expected: Value? = nil, at range: SourceRange? = nil) -> ShellError {
        failed(
            ExpectationFailure(
                expression: written,
                actual: miss.found,
                expected: expected,
                detail: "\(written): actual \(describe(miss.found)) at \(miss.foundAt) (cannot read '\(miss.reached)': \(miss.reason))"
            ),
            at: range
        )
    }

    /// The failure as the error that ends the command, said first in the script's words when it gave them (`-m`).
    private func failed(_ failure: ExpectationFailure, at range: SourceRange? = nil) -> ShellError {
        var failure = failure
        if let message = context.option("message")?.text, !message.isEmpty { failure.detail = message + " — " + failure.detail }
        return ShellError(.expectationFailed(failure), at: range ?? context.command.range)
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
