import Backend
import NIOCore
import Script

/// Where every service talks to: the host `configure host` set, or the embedded backend that
/// stands in when none is configured or when it is `local`. Names in sdkbench: a *host* is
/// where services send (this, `Setting.host`), an *endpoint* is one service's URL value
/// (`HamonEndpoint`, `MiataruEndpoint`), and a *server* is a running one (`LocalBackend`, the
/// user's).
package final class ServiceHost {
    /// A host the user configured.
    package struct Setting: Equatable {
        /// `name`, `ip` or `ip:port`, without scheme or slashes.
        package var host: String
        package var https: Bool
        /// Accept any TLS certificate (`--insecure`).
        package var insecure: Bool

        package init(host: String, https: Bool, insecure: Bool) {
            self.host = host
            self.https = https
            self.insecure = insecure
        }
    }

    /// `nil`: services use the embedded backend (started on first use).
    package var configured: Setting?
    /// The running embedded backend: this session's, or the shared one once a session started it.
    package var backend: LocalBackend? { started ?? shared?.running }
    /// The backend this session started, or the shared one it used.
    private var started: LocalBackend?
    /// The backend handed in (`share`), to be used and never stopped by this session: load
    /// mode's devices share one.
    private var shared: SharedEmbeddedBackend?
    /// The embedded backend's host setting, made once per backend: services ask for it per command.
    private var embedded: (backend: LocalBackend, setting: Setting)?
    private let events: ShellEventRouter
    /// What the embedded backend serves: the session's engines'.
    private let groups: [BackendRouteGroup]
    /// Where the embedded backend serves (`ShellEnvironment.backendLoops`).
    private let loops: (any EventLoopGroup)?

    init(events: ShellEventRouter, groups: [BackendRouteGroup], loops: (any EventLoopGroup)? = nil) {
        self.events = events
        self.groups = groups
        self.loops = loops
    }

    /// The host services should talk to now, starting the embedded backend if that is where they go.
    package func effectiveHost(at range: SourceRange?) throws(ShellError) -> Setting {
        if let configured { return configured }
        return try embeddedHost(at: range)
    }

    /// The embedded backend as a host setting (started if it is not running), for a service told `local`.
    package func embeddedHost(at range: SourceRange?) throws(ShellError) -> Setting {
        let backend = try ensureBackend(at: range)
        if let embedded, embedded.backend === backend { return embedded.setting }
        let setting = Setting(host: "\(backend.host):\(backend.port)", https: false, insecure: false)
        embedded = (backend, setting)
        return setting
    }

    /// The running embedded backend, started (with a one-line notice) if it is not running.
    package func ensureBackend(at range: SourceRange?) throws(ShellError) -> LocalBackend {
        if let backend { return backend }
        let started = try start(port: 0, at: range)
        events.line("(started the embedded local backend at \(started.url))")
        return started
    }

    /// Starts the embedded backend on 127.0.0.1 (the shared one, if the session has one, on its
    /// own port).
    func start(port: Int, at range: SourceRange?) throws(ShellError) -> LocalBackend {
        if let started { return started }
        let backend: LocalBackend
        if let shared {
            backend = try shared.backend(at: range)
        } else {
            backend = try Self.startBackend(port: port, groups: groups, loops: loops, at: range)
        }
        started = backend
        return backend
    }

    /// A new embedded backend on 127.0.0.1 serving `groups`.
    static func startBackend(
        port: Int,
        groups: [BackendRouteGroup],
        loops: (any EventLoopGroup)?,
        at range: SourceRange?
    ) throws(ShellError) -> LocalBackend {
        let result: Result<LocalBackend, BackendErrorText> = try AsyncBridge.block(at: range) {
            do {
                return .success(try await LocalBackend.start(host: "127.0.0.1", port: port, groups: groups, loops: loops))
            } catch {
                return .failure(BackendErrorText(text: "\(error)"))
            }
        }
        switch result {
        case .success(let started): return started
        case .failure(let error): throw .runtime(error.text, at: range)
        }
    }

    /// Makes `shared` this session's embedded backend: services told `local`, or with no host,
    /// use it (starting it if no session has); the session never stops it.
    func share(_ shared: SharedEmbeddedBackend) {
        self.shared = shared
    }

    /// Stops the embedded backend if it runs (forgets a shared one); `false` when it was not running.
    @discardableResult
    func stop() -> Bool {
        guard let running = backend else { return false }
        started = nil
        embedded = nil
        if shared != nil {
            shared = nil
            return true
        }
        AsyncBridge.blockUntilStopped { await running.stop() }
        return true
    }

    private struct BackendErrorText: Error, Sendable { var text: String }
}
