import Backend
import Transport

/// The engines a session has, in the one order `status`, restore, shutdown, help and the
/// embedded backend follow, and everything derived from them: the command table with its help
/// sections, the runtimes, the backend's route groups. The shell core knows no engine: the
/// executable's `SDKBenchCatalog` names them (`ShellCatalog.standard`).
package struct ShellCatalog: Sendable {
    package let modules: [EngineModule]
    /// The general commands, every engine's, then the backend's.
    package let table: CommandTable

    package init(modules: [EngineModule]) {
        self.modules = modules
        runtimes = modules.compactMap(\.runtime)
        backendGroups = modules.compactMap(\.backend)
        let services = modules.compactMap { $0.backend?.service.rawValue }
        // A word a shell section already lists (`configure`) stays there.
        let listed = Set(GeneralCommands.sharedHostSection.words)
        let titled = modules.compactMap { module in
            module.helpTitle.map { HelpSection(title: $0, words: Self.firstWords(of: module.commands).filter { !listed.contains($0) }) }
        }
        table = CommandTable(
            commands: GeneralCommands.specs + DeviceCommands.specs + modules.flatMap(\.commands) + BackendCommands.specs(services: services)
                + modules.flatMap(\.backendCommands),
            sections: [GeneralCommands.sharedHostSection, DeviceCommands.section] + titled + [BackendCommands.section]
        )
    }

    /// The runtimes of the engines that have one, in order. Kept, as `backendGroups` is: every
    /// session reads them, and made anew they were two arrays of every load device (416 bytes).
    package let runtimes: [any EngineRuntime.Type]

    /// The route groups the embedded backend serves, in order.
    package let backendGroups: [BackendRouteGroup]

    /// The services the embedded backend serves, by name, in order.
    package var backendServices: [BackendService] { backendGroups.map(\.service) }

    /// The SDK call a request is, as the first engine's recognizer that knows it names it: the
    /// cheap path, method and path only, that load mode calls once a request.
    package func requestKind(method: String, path: String) -> String? {
        for module in modules { if let kind = module.recognizer?.kind(method, path) { return kind } }
        return nil
    }

    /// The SDK call an exchange is, decoded, as the first engine that knows it recognizes it.
    package func recognize(_ exchange: RecordedExchange, keys: RecognizerKeys = RecognizerKeys()) -> RecognizedCall? {
        for module in modules { if let call = module.recognizer?.recognize(exchange, keys: keys) { return call } }
        return nil
    }

    /// The engines' conformance suites, in catalog order (`sdkbench check`).
    package var conformanceSuites: [ConformanceSuite] { modules.compactMap(\.conformance) }

    /// `a, b and c` (or `a, b or c`): how help texts name several engines.
    package static func list(_ names: [String], conjunction: String = "and") -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }

    private static func firstWords(of commands: [CommandSpec]) -> [String] {
        var words: [String] = []
        for command in commands where !words.contains(command.path[0]) { words.append(command.path[0]) }
        return words
    }
}
