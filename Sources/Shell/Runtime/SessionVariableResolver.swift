import JSON
import Script

/// Resolves against a session's variables as they are when a command binds. A class, so passing
/// it as `any VariableResolving` moves one reference instead of boxing a copy of every variable
/// for each line of a script.
final class SessionVariableResolver: VariableResolving {
    unowned let session: ShellSession

    init(session: ShellSession) { self.session = session }

    func resolve(_ reference: VariableReference) throws(ShellError) -> Value {
        try session.variables.resolve(reference)
    }

    func version(of root: String) -> UInt64? { session.variables.version(of: root) }
}
