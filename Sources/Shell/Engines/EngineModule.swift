import Backend

/// One engine as the shell sees it: its commands, its help section, its runtime, its routes in
/// the embedded backend (from its own backend target), its recognizer and how `--help` names it. Help, completion, `status`, restore,
/// shutdown, the `backend` commands' service choices and the embedded backend all read the one
/// list of these (`ShellCatalog.modules`), so adding an engine is one value in that list.
package struct EngineModule: Sendable {
    /// The engine's word: its `status` section and its service in the embedded backend.
    package let name: String
    /// How `sdkbench --help` and `serve --help` name it ("Hamon analytics").
    package let summary: String
    /// The help overview's section title; `nil` lists its commands after the titled sections,
    /// under their command word capitalised ("Miataru").
    package let helpTitle: String?
    /// Its commands, in the order `help` lists them.
    package let commands: [CommandSpec]
    /// Its commands under `backend` (`backend sift-key`), listed after the backend's own.
    package let backendCommands: [CommandSpec]
    /// Its runtime in the session; `nil` for an engine with no state between commands (HTTP).
    let runtime: (any EngineRuntime.Type)?
    /// Its server's routes in the embedded backend; `nil` when the backend does not imitate it.
    package let backend: BackendRouteGroup?
    /// Its server's contract as a ready suite for `sdkbench check`; `nil` when it has none.
    package let conformance: ConformanceSuite?
    /// Knows the SDK's calls in HTTP exchanges: their kind (`miataru.UpdateLocation`), for load
    /// mode's figures by kind, and their decoded view, for a proxy or a HAR import; `nil` for an
    /// engine with no SDK calls of its own (HTTP).
    package let recognizer: EngineRecognizer?

    package init(
        name: String,
        summary: String,
        helpTitle: String?,
        commands: [CommandSpec],
        backendCommands: [CommandSpec] = [],
        runtime: (any EngineRuntime.Type)?,
        backend: BackendRouteGroup?,
        conformance: ConformanceSuite? = nil,
        recognizer: EngineRecognizer? = nil
    ) {
        self.conformance = conformance
        self.recognizer = recognizer
        self.name = name
        self.summary = summary
        self.helpTitle = helpTitle
        self.commands = commands
        self.backendCommands = backendCommands
        self.runtime = runtime
        self.backend = backend
    }
}
