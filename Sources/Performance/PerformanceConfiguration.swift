import Platform

/// Limits of the tracker.
public struct PerformanceConfiguration: Sendable {
    /// Completed entries kept in memory for queries and export.
    public var cacheCapacity: Int
    /// Seconds after which a pending session expires with a warning.
    public var sessionTimeout: Double

    public init(cacheCapacity: Int = 1000, sessionTimeout: Double = 300) {
        self.cacheCapacity = max(1, cacheCapacity)
        self.sessionTimeout = sessionTimeout
    }
}
