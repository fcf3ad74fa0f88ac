import Platform

/// One completed timing, as the kit records, stores and exports it.
public struct PerformanceEntry: Sendable, Equatable {
    /// `<feature>_<layer>_<start in epoch seconds with milliseconds>`.
    public var id: String
    public var feature: String
    public var layer: String
    /// Epoch seconds.
    public var startTime: Double
    /// Epoch seconds.
    public var endTime: Double
    /// Seconds (the kit's files and exports hold seconds, whatever its doc comment says).
    public var duration: Double
    public var metadata: [String: String]
    public var context: DeviceContext
    /// SHA-256 hex of the user id set with `setUser`, if any.
    public var userIDHash: String?

    public init(
        id: String, feature: String, layer: String, startTime: Double, endTime: Double, duration: Double,
        metadata: [String: String], context: DeviceContext, userIDHash: String? = nil
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
    public static func makeID(feature: String, layer: String, startTime: Double) -> String {
        feature + "_" + layer + "_" + Timestamps.epochMillisText(startTime)
    }
}
