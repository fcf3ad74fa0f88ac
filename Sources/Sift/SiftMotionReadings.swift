import JSON

/// The readings waiting for the next app-state collection, per sensor: the newest
/// `capacity` of each, as sift-ios keeps them in a circular buffer of
/// `SF_MOTION_SENSOR_NUM_READINGS` (10) that a collection empties.
package struct SiftMotionReadings: Sendable, Equatable {
    /// Readings kept per sensor (sift-ios `SFIosAppStateCollector.m`: "Keep at most 10 readings").
    package static let capacity = 10

    private var buffers: [SiftMotionSensor: [SiftMotionSample]] = [:]

    package init() {}

    /// How many readings wait, over all sensors.
    package var count: Int { buffers.values.reduce(0) { $0 + $1.count } }

    /// How many readings of `sensor` wait.
    package func count(of sensor: SiftMotionSensor) -> Int { buffers[sensor]?.count ?? 0 }

    /// Keeps `sample`, dropping its sensor's oldest reading when `capacity` are kept already.
    ///
    /// - Returns: whether an older reading was dropped to make room.
    @discardableResult
    package mutating func append(_ sample: SiftMotionSample) -> Bool {
        var buffer = buffers[sample.sensor] ?? []
        buffer.append(sample)
        let dropped = buffer.count > Self.capacity
        if dropped { buffer.removeFirst(buffer.count - Self.capacity) }
        buffers[sample.sensor] = buffer
        return dropped
    }

    /// The entries the app state gets (`motion`, `raw_accelerometer`, `raw_gyro`,
    /// `raw_magnetometer`, each only when it has readings), oldest first; the buffers are emptied.
    package mutating func drain() -> [(entryType: String, samples: Value)] {
        defer { buffers = [:] }
        return SiftMotionSensor.allCases.compactMap { sensor in
            guard let buffer = buffers[sensor], !buffer.isEmpty else { return nil }
            return (sensor.entryType, .array(buffer.map(\.wireValue)))
        }
    }

    /// Drops every waiting reading.
    package mutating func removeAll() { buffers = [:] }
}
