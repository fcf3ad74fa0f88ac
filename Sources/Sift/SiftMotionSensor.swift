/// The four CoreMotion sources the SDK's app-state collector reads (seed 001 §4.6:
/// `updateDeviceMotion`, `updateAccelerometerData`, `updateGyroData`, `updateMagnetometerData`),
/// each with the `ios_app_state` entry it fills and the fields of one sample, named as sift-ios's
/// entry-type tables (`SFIosAppState.m`) name them.
package enum SiftMotionSensor: String, Sendable, CaseIterable {
    case motion
    case accelerometer
    case gyro
    case magnetometer

    /// The `ios_app_state` key whose array holds this sensor's samples.
    package var entryType: String {
        switch self {
        case .motion: "motion"
        case .accelerometer: "raw_accelerometer"
        case .gyro: "raw_gyro"
        case .magnetometer: "raw_magnetometer"
        }
    }

    /// The sensor whose samples go under `entryType`.
    package static func forEntryType(_ entryType: String) -> SiftMotionSensor? { allCases.first { $0.entryType == entryType } }

    /// A sample's numeric fields besides `time` (milliseconds since the epoch), in the table's order.
    package var numberFields: [String] {
        switch self {
        case .motion:
            [
                "attitude_roll", "attitude_pitch", "attitude_yaw", "rotation_rate_x", "rotation_rate_y", "rotation_rate_z",
                "gravity_x", "gravity_y", "gravity_z", "user_acceleration_x", "user_acceleration_y", "user_acceleration_z",
                "magnetic_field_x", "magnetic_field_y", "magnetic_field_z",
            ]
        case .accelerometer: ["acceleration_x", "acceleration_y", "acceleration_z"]
        case .gyro: ["rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]
        case .magnetometer: ["magnetic_field_x", "magnetic_field_y", "magnetic_field_z"]
        }
    }

    /// The fields `X Y Z` on the command line fill: the raw sensors' one vector; a device-motion
    /// sample's user acceleration (its other vectors come from a file of samples).
    package var vectorFields: [String] {
        switch self {
        case .motion: ["user_acceleration_x", "user_acceleration_y", "user_acceleration_z"]
        default: numberFields
        }
    }

    /// A device-motion sample's one text field, and the values CoreMotion's calibration accuracy
    /// takes, snake-cased as the SDK writes them.
    package static let calibrationField = "magnetic_field_calibration_accuracy"
    package static let calibrationValues = [
        "cm_magnetic_field_calibration_accuracy_uncalibrated", "cm_magnetic_field_calibration_accuracy_low",
        "cm_magnetic_field_calibration_accuracy_medium", "cm_magnetic_field_calibration_accuracy_high",
    ]
}
