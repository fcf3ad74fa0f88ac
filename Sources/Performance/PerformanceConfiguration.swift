import Platform

/// Limits of the tracker.
package struct PerformanceConfiguration: Sendable {
    /// Completed entries kept in memory for queries and export.
    package var cacheCapacity: Int
    /// Seconds after which a pending session expires with a warning.
    package var sessionTimeout: Double

    package init(cacheCapacity: Int = 1000, sessionTimeout: Double = 300) {
        self.cacheCapacity = max(1, cacheCapacity)
        self.sessionTimeout = sessionTimeout
    }
}
