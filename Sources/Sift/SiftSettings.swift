/// The engine's settings as `status` shows them (never the beacon key itself).
package struct SiftSettings: Sendable, Equatable {
    package var account: String?
    package var hasBeaconKey: Bool
    package var userID: String?
    package var urlFormat: SiftURLFormat
    package var locationAllowed: Bool
    package var location: SiftLocation?
    /// `allowUsingMotionSensors` (seed 001 §4.6): off by default, as in the SDK.
    package var motionSensorsAllowed: Bool
    /// Motion readings waiting for the next app-state collection.
    package var motionReadings: Int
    package var paused: Bool
    package var installationID: String
}
