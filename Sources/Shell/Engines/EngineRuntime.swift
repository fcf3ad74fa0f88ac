import Script

/// One engine's runtime in the shell: started on first use, restoring work an earlier run left;
/// ticked about once a second; described for `status`; shut down within a budget.
///
/// The session holds the catalog's runtimes in order (`ShellCatalog`, from each `EngineModule`):
/// `status`, the ticker, restore-at-start, `configure host` and shutdown iterate them.
package protocol EngineRuntime: AnyObject, SendableMetatype {
    /// The engine's word in `status` and in its JSON (`last.hamon`, `last.perf`).
    static var name: String { get }

    /// What `status` shows before the engine has started.
    static var idleStatus: EngineStatus { get }

    /// Whether an earlier run left work this engine restores (its durable queue holds something):
    /// the session starts such engines at start-up so the work is announced and resumed then.
    static func hasWorkToRestore(_ paths: StatePaths) -> Bool

    /// Builds the engine, restoring what an earlier run left for it.
    init(context: EngineContext) throws(ShellError)

    /// Whether the engine has time rules: one without (`http`'s session headers) starts no ticker.
    static var ticks: Bool { get }

    /// The engine's time rules (flush intervals, expiry), called from the session's ticker
    /// thread: it must be safe to call while a command runs.
    var tick: @Sendable () -> Void { get }

    /// The engine's `status` section.
    func status() -> EngineStatus

    /// The host services use changed (`configure host`).
    func hostChanged(at range: SourceRange?) throws(ShellError)

    /// The session's device facts changed (`device set`, `device unset`): later payloads use
    /// `context` facts (`EngineContext.device`, `EngineContext.machine`).
    func deviceChanged(_ context: EngineContext)

    /// Delivers pending work within `budget`, durable queues keeping the rest; `false` when a
    /// second signal cut the wait short (later engines then leave at once).
    func shutdown(budget: Duration) async -> Bool

    /// Names the engine has seen that TAB offers for values of a `ValueRule` with this
    /// `sessionNames` category (Miataru's device ids).
    func knownNames(_ category: String) -> [String]

    /// The latency distributions the engine measured this session, for reports.
    func latencyHistograms() -> [LatencyHistogram]
}

extension EngineRuntime {
    package static func hasWorkToRestore(_ paths: StatePaths) -> Bool { false }
    package static var ticks: Bool { true }
    package func hostChanged(at range: SourceRange?) throws(ShellError) {}
    package func deviceChanged(_ context: EngineContext) {}
    package func knownNames(_ category: String) -> [String] { [] }
    package func latencyHistograms() -> [LatencyHistogram] { [] }
}
