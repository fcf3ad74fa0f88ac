extension SiftClient {
    /// `allowUsingMotionSensors` (seed 001 §4.6), off by default as in the SDK. Disallowing drops
    /// the readings waiting: readings are collected only while allowed.
    ///
    /// - Returns: how many waiting readings were dropped.
    @discardableResult
    package func setMotionSensorsAllowed(_ allowed: Bool) -> Int {
        state.withLock { state in
            state.motionSensorsAllowed = allowed
            guard !allowed else { return 0 }
            let dropped = state.motion.count
            state.motion.removeAll()
            return dropped
        }
    }

    /// `updateDeviceMotion`, `updateAccelerometerData`, `updateGyroData` and
    /// `updateMagnetometerData` (seed 001 §4.6): keeps the samples for the next app-state
    /// collection, the newest `SiftMotionReadings.capacity` per sensor. While motion sensors are
    /// disallowed nothing is kept.
    package func addMotionSamples(_ samples: [SiftMotionSample]) -> SiftMotionAddResult {
        state.withLock { state in
            guard state.motionSensorsAllowed else {
                return SiftMotionAddResult(allowed: false, added: 0, droppedOldest: 0, waiting: state.motion.count)
            }
            var dropped = 0
            for sample in samples where state.motion.append(sample) { dropped += 1 }
            return SiftMotionAddResult(allowed: true, added: samples.count, droppedOldest: dropped, waiting: state.motion.count)
        }
    }
}
