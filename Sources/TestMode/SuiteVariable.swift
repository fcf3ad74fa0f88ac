/// A variable every file of a test run starts with, and where it was given.
public struct SuiteVariable: Sendable, Equatable {
    public var name: String
    public var value: String
    /// Masked as `***` everywhere (`--secret`, `--secrets-file`).
    public var isSecret: Bool
    /// Where it was given, as an error names it: `--var`, `vars.env:3`, `SDKBENCH_VAR_host`.
    public var origin: String

    public init(name: String, value: String, isSecret: Bool, origin: String) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
        self.origin = origin
    }
}
