/// A variable a run gives every session it makes (`--var`, `--vars-file`, `--secret`,
/// `SDKBENCH_VAR_*`), set before the first line runs.
package struct GivenVariable: Sendable, Equatable {
    package var name: String
    package var value: String
    /// Masked as `***` everywhere the session writes.
    package var isSecret: Bool

    package init(name: String, value: String, isSecret: Bool) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }
}
