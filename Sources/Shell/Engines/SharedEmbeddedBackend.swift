import Backend
import Script
import Synchronization

/// One embedded backend for many sessions at once (load mode's devices): started by the first
/// session that needs it, never stopped by a session, stopped by its owner (`stop`).
///
/// Started on first use, not before the run: a script that configures its own host never pays
/// for it (its loop thread, its routes, its clock), as scripts/bench/load_bench.py's flow, which
/// configures its host, shows in its CPU s per 1,000 requests.
package final class SharedEmbeddedBackend: Sendable {
    private let groups: [BackendRouteGroup]
    /// `nil` until the first start; then the backend, or why it could not start (every later
    /// session gets the same answer rather than trying again).
    private let state = Mutex<Result<LocalBackend, StartFailure>?>(nil)

    private struct StartFailure: Error { var text: String }

    /// - Parameter groups: what the backend serves (the catalog's engines').
    package init(groups: [BackendRouteGroup]) {
        self.groups = groups
    }

    /// A backend the owner started (a test preparing it before the run).
    package init(started backend: LocalBackend) {
        groups = []
        state.withLock { $0 = .success(backend) }
    }

    /// The backend, if a session has started it.
    package var running: LocalBackend? {
        state.withLock { started in
            guard case .success(let backend)? = started else { return nil }
            return backend
        }
    }

    /// The backend, started now if no session has started it; sessions asking meanwhile wait.
    func backend(at range: SourceRange?) throws(ShellError) -> LocalBackend {
        let groups = groups
        let outcome: Result<LocalBackend, StartFailure> = try state.withLock { (started) throws(ShellError) in
            if let started { return started }
            let result: Result<LocalBackend, StartFailure>
            do throws(ShellError) {
                result = .success(try ServiceHost.startBackend(port: 0, groups: groups, loops: nil, at: range))
            } catch {
                // An interrupted start is not a failure to remember: the next session may try again.
                if case .interrupted = error.kind { throw error }
                result = .failure(StartFailure(text: error.message))
            }
            started = result
            return result
        }
        switch outcome {
        case .success(let backend): return backend
        case .failure(let failure): throw .runtime(failure.text, at: range)
        }
    }

    /// Stops the backend if a session started it.
    package func stop() {
        let started = state.withLock { started in
            defer { started = nil }
            guard case .success(let backend)? = started else { return nil as LocalBackend? }
            return backend
        }
        guard let started else { return }
        AsyncBridge.blockUntilStopped { await started.stop() }
    }
}
