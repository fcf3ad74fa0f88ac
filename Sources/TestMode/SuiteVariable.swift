import Shell

/// A variable every file of a test run starts with, and where it was given.
package struct SuiteVariable: Sendable, Equatable {
    package var name: String
    package var value: String
    /// Masked as `***` everywhere (`--secret`, `--secrets-file`).
    package var isSecret: Bool
    /// Where it was given, as an error names it: `--var`, `vars.env:3`, `SDKBENCH_VAR_host`.
    package var origin: String

    package init(name: String, value: String, isSecret: Bool, origin: String) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
        self.origin = origin
    }

    /// As the sessions of the run are given it.
    package var given: GivenVariable { GivenVariable(name: name, value: value, isSecret: isSecret) }
}
