/// What a `LoadOutput` is told as the devices begin.
package struct LoadOutputStart: Sendable {
    /// The run's plan (the whole run's, with the segment this process runs).
    package var plan: LoadPlan
    /// When the run began, in seconds since the epoch.
    package var startedAt: Double

    package init(plan: LoadPlan, startedAt: Double) {
        self.plan = plan
        self.startedAt = startedAt
    }
}
