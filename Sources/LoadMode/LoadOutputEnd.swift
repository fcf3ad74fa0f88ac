import Shell

/// What a `LoadOutput` is given once the run is over (or once `load merge` has merged).
package struct LoadOutputEnd: Sendable {
    package var report: LoadRunReport
    /// The thresholds the run was judged by, for the reports that show their verdicts.
    package var thresholds: [LoadThreshold]
    /// The run's secrets: whatever an output writes goes through `masked`, as the terminal's lines do.
    package var secrets: SecretValues

    package init(report: LoadRunReport, thresholds: [LoadThreshold], secrets: SecretValues) {
        self.report = report
        self.thresholds = thresholds
        self.secrets = secrets
    }

    /// `text` with every secret masked.
    package func masked(_ text: String) -> String { secrets.masked(text) }
}
