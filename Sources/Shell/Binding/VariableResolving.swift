import JSON
import Script

/// Resolves `{{…}}` references while binding.
public protocol VariableResolving {
    func resolve(_ reference: VariableReference) throws(ShellError) -> Value
}
