/// An SDK's server contract as a ready `.sdk` suite, run by `sdkbench check SERVICE` against a
/// user's server or the embedded backend: it belongs to the engine's descriptor.
///
/// The script marks each rule with a comment, `# rule: ID — SOURCE: WHAT IT CHECKS`; the rule's
/// lines run up to the next rule, and every `expect` among them is that rule's. Lines before the
/// first rule are the set-up every rule needs. A rule makes its own devices and users (from
/// `set NAME --uuid`), so any one of them can run alone (`--only`) and a run never meets another's
/// data on a shared server. A line `# self-test: COMMAND` runs COMMAND only when the suite checks
/// the embedded backend (`backend sift-key …`); printed or run with `sdkbench test`, it stays a
/// comment.
package struct ConformanceSuite: Sendable {
    /// A variable the suite reads that the user gives against their own server (`--var`,
    /// `--secret`); the self-test gives `selfTestValue`.
    package struct Variable: Sendable {
        package let name: String
        package let isSecret: Bool
        /// What it is, for `check --list` and the error when it is missing.
        package let about: String
        package let selfTestValue: String

        package init(name: String, isSecret: Bool = false, about: String, selfTestValue: String) {
            self.name = name
            self.isSecret = isSecret
            self.about = about
            self.selfTestValue = selfTestValue
        }
    }

    /// The service's word (`miataru`), as `check` takes it.
    package let service: String
    package let script: String
    package let variables: [Variable]
    /// What the contract says a server must do or must not do, each with the rules that check it.
    package let coverage: [ConformanceCoverage]

    package init(service: String, variables: [Variable] = [], coverage: [ConformanceCoverage] = [], script: String) {
        self.service = service
        self.script = script
        self.variables = variables
        self.coverage = coverage
    }

    /// Its rules in the order the script has them.
    package var rules: [ConformanceRule] { ConformanceRule.parse(script) }

    /// The comment that marks a line run only against the embedded backend.
    package static let selfTestMarker = "# self-test: "
}
