/// What a `LoadOutput` is told as the devices begin.
public struct LoadOutputStart: Sendable {
    /// The run's plan (the whole run's, with the segment this process runs).
    public var plan: LoadPlan
    /// When the run began, in seconds since the epoch.
    public var startedAt: Double

    public init(plan: LoadPlan, startedAt: Double) {
        self.plan = plan
        self.startedAt = startedAt
    }
}
