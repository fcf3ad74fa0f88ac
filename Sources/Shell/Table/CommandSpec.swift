import JSON
import Script

/// Runs a bound command against the session and returns what it did: its value and how it shows
/// (`CommandView`), never text it wrote.
package typealias CommandHandler = @Sendable (CommandContext) async throws -> any CommandView

/// A handler of a command that shows nothing but its value.
package typealias ValueHandler = @Sendable (CommandContext) async throws -> Value

/// Checks what no single argument's kind can (one value depending on another); run on every
/// binding, so on literal values before a script's first line runs. Values that are not
/// `isKnown` yet are left for the run.
package typealias CommandCheck = @Sendable (BoundCommand) throws(ShellError) -> Void

/// One entry of the command table: everything dispatch, help and completion need.
package final class CommandSpec: Sendable {
    /// The words that name the command: `["perf", "start"]`.
    package let path: [String]
    /// The path as one string, `perf start`: kept, because every run command reports it.
    package let name: String
    package let summary: String
    package let arguments: [ArgumentSpec]
    package let options: [OptionSpec]
    /// Whether `key=value` and `key:=JSON` parameters are accepted (and what they mean).
    package let parameters: String?
    /// Longer explanation shown by `help COMMAND`.
    package let discussion: String?
    package let examples: [String]
    /// Other names for the command, e.g. `exit` for `quit`: they dispatch, completion leaves them out.
    package let aliases: [[String]]
    /// Short spellings COMMANDS.md fixes as core (`log` for `hamon log`): they dispatch and
    /// complete like the command's own path, which stays the name reports and help use.
    package let coreForms: [[String]]
    /// Whether the result becomes `last`; `expect`, `capture`, `set` and friends leave it alone
    /// so several checks can read one result.
    package let setsLast: Bool
    /// Words that exclude each other, checked before `check`.
    package let alternatives: [Alternatives]
    package let check: CommandCheck?
    /// Whether the lines after this command, up to the matching `end`, are its block
    /// (`repeat`, `http on-response`): the runner hands them to it (`ShellSession.takeBlock`).
    package let opensBlock: Bool
    /// The words of a bound line that hold a secret by what the line says, beyond its secret-kind
    /// positions (`http header set Authorization VALUE`): masked, kept out of history and found
    /// as literal secrets as those are.
    package let revealsSecrets: (@Sendable (BoundCommand) -> [BoundValue])?
    package let handler: CommandHandler
    /// Where this command's lines can hold secrets.
    let secretPositions: SecretPositions

    package init(
        _ path: [String],
        summary: String,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        parameters: String? = nil,
        discussion: String? = nil,
        examples: [String] = [],
        aliases: [[String]] = [],
        coreForms: [[String]] = [],
        setsLast: Bool = true,
        alternatives: [Alternatives] = [],
        check: CommandCheck? = nil,
        opensBlock: Bool = false,
        revealsSecrets: (@Sendable (BoundCommand) -> [BoundValue])? = nil,
        handler: @escaping CommandHandler
    ) {
        self.opensBlock = opensBlock
        self.revealsSecrets = revealsSecrets
        self.alternatives = alternatives
        self.check = check
        self.path = path
        self.name = path.joined(separator: " ")
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.parameters = parameters
        self.discussion = discussion
        self.examples = examples
        self.aliases = aliases
        self.coreForms = coreForms
        self.setsLast = setsLast
        self.handler = handler
        secretPositions = SecretPositions(arguments: arguments, options: options, parameters: parameters)
    }

    /// A command whose handler returns a plain `Value`: it shows nothing (as `set`, `expect`).
    package convenience init(
        _ path: [String],
        summary: String,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        parameters: String? = nil,
        discussion: String? = nil,
        examples: [String] = [],
        aliases: [[String]] = [],
        coreForms: [[String]] = [],
        setsLast: Bool = true,
        alternatives: [Alternatives] = [],
        check: CommandCheck? = nil,
        opensBlock: Bool = false,
        revealsSecrets: (@Sendable (BoundCommand) -> [BoundValue])? = nil,
        handler: @escaping ValueHandler
    ) {
        self.init(
            path,
            summary: summary,
            arguments: arguments,
            options: options,
            parameters: parameters,
            discussion: discussion,
            examples: examples,
            aliases: aliases,
            coreForms: coreForms,
            setsLast: setsLast,
            alternatives: alternatives,
            check: check,
            opensBlock: opensBlock,
            revealsSecrets: revealsSecrets,
            handler: { context -> any CommandView in try await handler(context) }
        )
    }

    /// `perf start FEATURE LAYER [key=value]... [--opt VALUE]`
    package var usage: String { usage(as: name) }

    /// The usage line with the command spelt as the user spelt it (`log` or `hamon log`).
    package func usage(as spelling: String) -> String {
        var parts = [spelling]
        for argument in arguments {
            var text = argument.name
            if argument.isVariadic { text += "..." }
            parts.append(argument.isOptional ? "[\(text)]" : text)
        }
        if parameters != nil { parts.append("[key=value | key:=JSON]...") }
        for option in options {
            parts.append(option.valueKind == nil ? "[--\(option.name)]" : "[--\(option.name) \(option.valueName)]")
        }
        return parts.joined(separator: " ")
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// The option a word like `-a` spells, if it is exactly a dash and an option's short letter.
    func option(short word: String) -> OptionSpec? {
        // The first byte first: `count` walks Characters, and an `http` line's items are long
        // (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        guard word.utf8.first == UInt8(ascii: "-"), word.count == 2, let letter = word.last else { return nil }
        return options.first { $0.short == letter }
    }

    var requiredArgumentCount: Int { arguments.filter { !$0.isOptional }.count }
}
