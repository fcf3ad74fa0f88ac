/// What a `LoadOutput` that `takesSamples` is shown while the devices run.
public struct LoadOutputSample: Sendable {
    /// Seconds since `start`.
    public var elapsed: Double
    /// Devices running an iteration or thinking now.
    public var activeDevices: Int
    /// The run's live figures (read them, as `LoadProgress` does; they go on changing).
    public var metrics: LoadMetrics

    public init(elapsed: Double, activeDevices: Int, metrics: LoadMetrics) {
        self.elapsed = elapsed
        self.activeDevices = activeDevices
        self.metrics = metrics
    }
}
