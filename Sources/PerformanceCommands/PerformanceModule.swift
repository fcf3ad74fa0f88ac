import Backend
import PerformanceBackend
import Shell

extension EngineModule {
    /// GomaPerformanceKit: timings, their destinations and exports.
    package static let performance = EngineModule(
        name: "perf",
        summary: "Performance",
        helpTitle: "Performance (GomaPerformanceKit)",
        commands: [
            PerformanceStartCommand.spec,
            PerformanceEndCommand.spec,
            PerformanceLogsCommand.spec,
            PerformancePendingCommand.spec,
            PerformanceStatsCommand.spec,
            PerformanceClearCommand.spec,
            PerformanceEnableCommand.spec,
            PerformanceDisableCommand.spec,
            PerformanceUserCommand.spec,
            PerformanceExportCommand.spec,
            PerformanceFlushCommand.spec,
            PerformanceDestinationAddConsoleCommand.spec,
            PerformanceDestinationAddFileCommand.spec,
            PerformanceDestinationAddAnalyticsCommand.spec,
            PerformanceDestinationListCommand.spec,
            PerformanceDestinationRemoveCommand.spec,
        ],
        runtime: PerformanceRuntime.self,
        backend: .performance,
        conformance: .performance,
        recognizer: .performance
    )
}
