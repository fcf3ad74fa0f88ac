import Shell

/// What a `LoadOutput` is given once the run is over (or once `load merge` has merged).
public struct LoadOutputEnd: Sendable {
    public var report: LoadRunReport
    /// The thresholds the run was judged by, for the reports that show their verdicts.
    public var thresholds: [LoadThreshold]
    /// The run's secrets: whatever an output writes goes through `masked`, as the terminal's lines do.
    public var secrets: SecretValues

    public init(report: LoadRunReport, thresholds: [LoadThreshold], secrets: SecretValues) {
        self.report = report
        self.thresholds = thresholds
        self.secrets = secrets
    }

    /// `text` with every secret masked.
    public func masked(_ text: String) -> String { secrets.masked(text) }
}
