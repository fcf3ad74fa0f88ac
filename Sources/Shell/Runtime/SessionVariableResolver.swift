import JSON
import Script

/// Resolves against a session's variables as they are when a command binds. A class, so passing
/// it as `any VariableResolving` moves one reference instead of boxing a copy of every variable
/// for each line of a script.
final class SessionVariableResolver: VariableResolving {
    unowned let session: ShellSession

    init(session: ShellSession) { self.session = session }

    func resolve(_ reference: VariableReference) throws(ShellError) -> Value {
        // A whole variable is read in place, as `version(of:)` reads its version, not through
        // `session.variables.resolve`, for every word bound (load_bench.py's CPU figure).
        let path = reference.path
        if path.components.isEmpty, path.root != "last", let value = session.variables.values[path.root] { return value }
        return try session.variables.resolve(reference)
    }

    /// `Variables.version(of:)`, reading only the field it needs: a method called on
    /// `session.variables` copies and destroys the whole store for each of a binding's lookups
    /// (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    func version(of root: String) -> UInt64? { root == "last" ? session.variables.lastVersion : session.variables.versions[root] }
}
