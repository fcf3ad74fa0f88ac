import Platform

/// One completed timing, as the kit records, stores and exports it.
package struct PerformanceEntry: Sendable, Equatable {
    /// `<feature>_<layer>_<start in epoch seconds with milliseconds>`.
    package var id: String
    package var feature: String
    package var layer: String
    /// Epoch seconds.
    package var startTime: Double
    /// Epoch seconds.
    package var endTime: Double
    /// Seconds (the kit's files and exports hold seconds, whatever its doc comment says).
    package var duration: Double
    package var metadata: [String: String]
    package var context: DeviceContext
    /// SHA-256 hex of the user id set with `setUser`, if any.
    package var userIDHash: String?

    package init(
        id: String,
        feature: String,
        layer: String,
        startTime: Double,
        endTime: Double,
        duration: Double,
        metadata: [String: String],
        context: DeviceContext,
        userIDHash: String? = nil
    ) {
        self.id = id
        self.feature = feature
        self.layer = layer
        self.startTime = startTime
        self.endTime = endTime
        self.duration = duration
        self.metadata = metadata
        self.context = context
        self.userIDHash = userIDHash
    }

    /// The id the kit gives an entry that started at `startTime`.
    package static func makeID(feature: String, layer: String, startTime: Double) -> String {
        feature + "_" + layer + "_" + Timestamps.epochMillisText(startTime)
    }
}
