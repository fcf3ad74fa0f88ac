import Backend
import PerformanceBackend
import Shell

extension EngineModule {
    /// GomaPerformanceKit: timings, their destinations and exports.
    public static let performance = EngineModule(
        name: "perf", summary: "Performance", helpTitle: "Performance (GomaPerformanceKit)",
        commands: [
            PerfStartCommand.spec,
            PerfEndCommand.spec,
            PerfLogsCommand.spec,
            PerfPendingCommand.spec,
            PerfStatsCommand.spec,
            PerfClearCommand.spec,
            PerfEnableCommand.spec,
            PerfDisableCommand.spec,
            PerfUserCommand.spec,
            PerfExportCommand.spec,
            PerfFlushCommand.spec,
            PerfDestinationAddConsoleCommand.spec,
            PerfDestinationAddFileCommand.spec,
            PerfDestinationAddAnalyticsCommand.spec,
            PerfDestinationListCommand.spec,
            PerfDestinationRemoveCommand.spec,
        ],
        runtime: PerformanceRuntime.self, backend: .performance, conformance: .performance, recognizer: .performance)
}
