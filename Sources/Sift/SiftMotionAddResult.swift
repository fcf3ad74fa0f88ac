/// What `addMotionSamples` did.
package struct SiftMotionAddResult: Sendable, Equatable {
    /// Whether motion sensors were allowed (if not, nothing was kept).
    package var allowed: Bool
    /// Samples taken (0 while disallowed).
    package var added: Int
    /// Older readings dropped to stay within `SiftMotionReadings.capacity` per sensor.
    package var droppedOldest: Int
    /// Readings now waiting for the next collection, all sensors.
    package var waiting: Int
}
