/// What a `LoadOutput` that `takesSamples` is shown while the devices run.
package struct LoadOutputSample: Sendable {
    /// Seconds since `start`.
    package var elapsed: Double
    /// Devices running an iteration or thinking now.
    package var activeDevices: Int
    /// The run's live figures (read them, as `LoadProgress` does; they go on changing).
    package var metrics: LoadMetrics

    package init(elapsed: Double, activeDevices: Int, metrics: LoadMetrics) {
        self.elapsed = elapsed
        self.activeDevices = activeDevices
        self.metrics = metrics
    }
}
