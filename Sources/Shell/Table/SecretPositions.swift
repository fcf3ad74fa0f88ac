/// Where a command's lines can hold secrets, worked out once per command: binding asks for every
/// statement, and searching the spec's lists each time made `scripts/bench.sh`'s 1,000,000-line
/// script 20% slower than before secrets were checked at binding (2.36 s against 1.96 s,
/// farm-bench, release); worked out once, 1.96 s against 2.00 s.
package struct SecretPositions: Sendable {
    /// Arguments of kind `.secret`.
    let argumentNames: [String]
    /// Options whose value is `.secret`.
    let optionNames: [String]
    /// Arguments of kind `.httpItem`, whose secret-named headers and fields are secrets.
    let httpItemArgumentNames: [String]
    /// An `--auth USER:PASSWORD` option.
    let hasAuth: Bool
    /// A `URL` argument, whose password is a secret.
    let hasURL: Bool
    /// `key=value` parameters, whose secret-named values are secrets.
    let hasParameters: Bool
    /// Whether the command offers `--allow-short`, and so refuses short secrets without it.
    let refusesShortSecrets: Bool

    init(arguments: [ArgumentSpec], options: [OptionSpec], parameters: String?) {
        argumentNames = arguments.filter { $0.kind == .secret }.map(\.name)
        optionNames = options.filter { $0.valueKind == .secret }.map(\.name)
        httpItemArgumentNames = arguments.filter { $0.kind == .httpItem }.map(\.name)
        hasAuth = options.contains { $0.name == "auth" }
        hasURL = arguments.contains { $0.name == "URL" }
        hasParameters = parameters != nil
        refusesShortSecrets = options.contains { $0.name == SecretLength.allowShortOption.name }
    }
}
