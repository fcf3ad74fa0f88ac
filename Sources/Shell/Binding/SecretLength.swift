import Script

/// The shortest secret a user may set: a shorter one is refused where it is set.
///
/// A one-character key used to be accepted, and then every `e` in all output became `***`.
/// Masking now leaves a short secret inside other words alone, and a command that sets a key or
/// secret refuses one under `minimum` unless `--allow-short` (tests) says it is meant.
package enum SecretLength {
    package static let minimum = 8

    /// The option every command that sets a secret offers; the binder enforces the rule for
    /// exactly the commands that have it.
    package static let allowShortOption = OptionSpec(
        "allow-short",
        "accept a secret shorter than \(minimum) characters (for tests; it is masked only as a whole word)"
    )

    static func check(_ bound: BoundCommand) throws(ShellError) {
        let positions = bound.spec.secretPositions
        guard positions.refusesShortSecrets, bound.options[allowShortOption.name] == nil else { return }
        for name in positions.argumentNames {
            for value in bound.arguments.all(name) { try refuseShort(value, name: name) }
        }
        for name in positions.optionNames {
            if let value = bound.options[name] { try refuseShort(value, name: "--\(name)") }
        }
    }

    private static func refuseShort(_ value: BoundValue, name: String) throws(ShellError) {
        guard value.isKnown, value.text.count < minimum else { return }
        var error = ShellError(
            .invalidValue(
                name: name,
                value: SecretValues.mask,
                expected: "a secret of at least \(minimum) characters (add --allow-short to accept a shorter one, for tests)"
            ),
            at: value.range
        )
        error.secrets = [value.text]
        throw error
    }
}
