import JSON
import Script

/// Resolves `{{…}}` references while binding.
package protocol VariableResolving {
    func resolve(_ reference: VariableReference) throws(ShellError) -> Value
    /// A number that changes whenever the variable named `root` (or `last`) changes, the same
    /// number for the same value; `nil` when there is none (undefined, or not kept): a binding
    /// that read the same versions reads the same values.
    func version(of root: String) -> UInt64?
}

extension VariableResolving {
    package func version(of root: String) -> UInt64? { nil }
}
