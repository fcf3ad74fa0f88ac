import Foundation
import JSON
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// The one list of engines drives start on first use, restore-at-start, status and shutdown.
@Suite struct EngineRegistryTests {
    /// Leaves a line in `<state>/engines.log` for each lifecycle step, so order can be checked
    /// without shared state between tests.
    class LoggingEngine {
        let log: String
        init(_ context: EngineContext) { log = context.environment.paths.stateDirectory + "/engines.log" }
        func note(_ line: String) {
            let previous = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try? (previous + line + "\n").write(toFile: log, atomically: true, encoding: .utf8)
        }
    }

    final class QueueEngine: LoggingEngine, EngineRuntime {
        static let name = "queue"
        static var idleStatus: EngineStatus { EngineStatus(line: "idle", fields: ["depth": .int(0)]) }
        static func hasWorkToRestore(_ paths: StatePaths) -> Bool {
            FileManager.default.fileExists(atPath: paths.stateDirectory + "/queue.pending")
        }
        required init(context: EngineContext) throws(ShellError) {
            if FileManager.default.fileExists(atPath: context.environment.paths.stateDirectory + "/queue.locked") {
                throw .runtime("the queue is held by another process")
            }
            super.init(context)
            note("queue started")
        }
        var tick: @Sendable () -> Void { {} }
        func status() -> EngineStatus { EngineStatus(line: "3 queued", fields: ["depth": .int(3)]) }
        func shutdown(budget: Duration) -> Bool {
            note("queue shutdown")
            return false  // as if a second signal cut its flush short
        }
    }

    final class TimerEngine: LoggingEngine, EngineRuntime {
        static let name = "timer"
        static var idleStatus: EngineStatus { EngineStatus(line: "off", fields: [:]) }
        required init(context: EngineContext) {
            super.init(context)
            note("timer started")
        }
        var tick: @Sendable () -> Void { {} }
        func status() -> EngineStatus { EngineStatus(line: "on", fields: [:]) }
        func shutdown(budget: Duration) -> Bool {
            note("timer shutdown budget \(budget)")
            return true
        }
    }

    private static func registry(_ home: TemporaryDirectory) -> (EngineRegistry, String) {
        let state = home.path + "/state"
        try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let output = Output(destination: .memory)
        let environment = ShellEnvironment(
            paths: StatePaths(stateDirectory: state, configDirectory: home.path + "/config"),
            startsTicker: false
        )
        let events = ShellEventRouter(secrets: output.secrets) { output.show($0) }
        let context = EngineContext(
            environment: environment,
            events: events,
            trace: TraceSink(events: events, transport: nil),
            server: ServiceHost(events: events, groups: [])
        )
        return (EngineRegistry(kinds: [QueueEngine.self, TimerEngine.self], context: context), state)
    }

    private static func log(_ state: String) -> [String] {
        ((try? String(contentsOfFile: state + "/engines.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func engineStartsOnFirstUseOnceAndStatusFollowsTheList() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (registry, state) = Self.registry(home)
        #expect(registry.statuses().map(\.status.line) == ["idle", "off"])
        let first = try registry.runtime(TimerEngine.self, at: nil)
        let again = try registry.runtime(TimerEngine.self, at: nil)
        #expect(first === again)
        #expect(Self.log(state) == ["timer started"])
        #expect(registry.statuses().map(\.name) == ["queue", "timer"])
        #expect(registry.statuses().map(\.status.line) == ["idle", "on"])
        #expect(!registry.running.contains { $0 is QueueEngine })
    }

    @Test func restoreStartsOnlyEnginesWithWorkLeftAndWarnsForOneThatCannotStart() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (registry, state) = Self.registry(home)
        _ = FileManager.default.createFile(atPath: state + "/queue.pending", contents: Data("x".utf8))
        _ = FileManager.default.createFile(atPath: state + "/queue.locked", contents: Data())
        var warnings: [String] = []
        registry.restorePendingWork { warnings.append($0) }
        #expect(warnings == ["the queue is held by another process"])
        #expect(registry.running.isEmpty)
        // Told in full once; later uses get the short reminder instead of waiting again.
        #expect(throws: ShellError.runtime("queue could not start in this run (see the first error)")) {
            try registry.runtime(QueueEngine.self, at: nil)
        }
        try FileManager.default.removeItem(atPath: state + "/queue.locked")
        let (fresh, _) = Self.registry(home)
        fresh.restorePendingWork { warnings.append($0) }
        #expect(fresh.running.count == 1)
        #expect(fresh.running.contains { $0 is QueueEngine })
        #expect(!fresh.running.contains { $0 is TimerEngine })
    }

    @Test func shutdownFollowsTheListAndAnImpatientEngineLeavesTheRestNoTime() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (registry, state) = Self.registry(home)
        _ = try registry.runtime(TimerEngine.self, at: nil)
        _ = try registry.runtime(QueueEngine.self, at: nil)
        let patient = await registry.shutdown { .milliseconds(4500) }
        #expect(!patient)
        #expect(Self.log(state) == ["timer started", "queue started", "queue shutdown", "timer shutdown budget 0.0 seconds"])
    }

    /// Read from the catalog, not a list of our own: a new engine is checked here without an edit.
    @Test func theStandardListNamesEachEngineOnceAndEachModuleHasItsRuntime() {
        let names = ShellCatalog.standard.runtimes.map { $0.name }
        #expect(Set(names).count == names.count, "\(names)")
        #expect(ShellCatalog.standard.modules.map(\.name) == names)
        #expect(!names.isEmpty)
    }
}
