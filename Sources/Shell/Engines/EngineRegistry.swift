import Script
import Synchronization

/// The session's engines, in the one order `status`, restore-at-start and shutdown follow;
/// each is started on first use and ticked by one shared ticker.
///
/// Confined to the thread that runs commands, except the tick list, which the ticker reads.
package final class EngineRegistry {
    let kinds: [any EngineRuntime.Type]
    let context: EngineContext
    private var started: [ObjectIdentifier: any EngineRuntime] = [:]
    /// Why an engine could not start, told in full once; later uses get a short reminder,
    /// because each retry would wait again for a lock another process holds.
    private var failures: [ObjectIdentifier: String] = [:]
    private let ticks = TickList()
    /// The one-second ticker of the engines' time rules: the run's, shared by a load run's
    /// devices, or one of the session's own.
    private let ticker: SharedEngineTicker

    /// - Parameter kinds: the catalog's runtimes, in shutdown order.
    init(kinds: [any EngineRuntime.Type], context: EngineContext) {
        self.kinds = kinds
        self.context = context
        ticker = context.environment.sharedTicker ?? SharedEngineTicker()
    }

    /// The engine of type `kind`, started now if it has not been.
    func runtime<Engine: EngineRuntime>(_ kind: Engine.Type, at range: SourceRange?) throws(ShellError) -> Engine {
        let key = ObjectIdentifier(kind)
        if let running = started[key] { return running as! Engine }
        if failures[key] != nil {
            throw ShellError.runtime("\(kind.name) could not start in this run (see the first error)", at: range)
        }
        let engine: Engine
        do {
            engine = try Engine(context: context)
        } catch {
            failures[key] = error.message
            throw ShellError.runtime(error.message, at: range)
        }
        started[key] = engine
        if Engine.ticks {
            ticks.add(engine.tick)
            startTickerIfWanted()
        }
        return engine
    }

    /// The engine of type `kind` if it has started.
    func ifStarted<Engine: EngineRuntime>(_ kind: Engine.Type) -> Engine? {
        started.isEmpty ? nil : started[ObjectIdentifier(kind)] as? Engine
    }

    /// The started engines, in registry order.
    package var running: [any EngineRuntime] {
        kinds.compactMap { started[ObjectIdentifier($0)] }
    }

    /// Starts the engines whose durable queues hold an earlier run's work, warning (not failing)
    /// when one cannot start, e.g. because another process holds its queue.
    func restorePendingWork(warn: (String) -> Void) {
        guard context.environment.stateStorage == .files else { return }
        for kind in kinds where started[ObjectIdentifier(kind)] == nil && kind.hasWorkToRestore(context.environment.paths) {
            do {
                _ = try runtime(kind, at: nil)
            } catch {
                warn(error.message)
            }
        }
    }

    /// Each engine's `status` section, in order, started or not.
    func statuses() -> [(name: String, status: EngineStatus)] {
        kinds.map { kind in (kind.name, started[ObjectIdentifier(kind)]?.status() ?? kind.idleStatus) }
    }

    /// Shuts the started engines down in order, sharing `remaining()`; once one is cut short by
    /// a second signal the rest get no time. Returns whether every engine was patient.
    func shutdown(remaining: () -> Duration) async -> Bool {
        ticker.remove(ticks)
        var patient = true
        for engine in running {
            patient = await engine.shutdown(budget: patient ? remaining() : .zero) && patient
        }
        return patient
    }

    deinit {
        ticker.remove(ticks)
    }

    private func startTickerIfWanted() {
        guard context.environment.startsTicker else { return }
        ticker.add(ticks)
    }
}

/// The started engines' tick closures, read by the ticker thread while the session adds to it.
final class TickList: Sendable {
    private let ticks = Mutex<[@Sendable () -> Void]>([])

    func add(_ tick: @escaping @Sendable () -> Void) { ticks.withLock { $0.append(tick) } }

    func run() {
        for tick in ticks.withLock({ $0 }) { tick() }
    }
}
