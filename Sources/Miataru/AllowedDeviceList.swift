import JSON

/// getAllowedDeviceList's answer.
package struct AllowedDeviceList: Sendable, Equatable {
    package var deviceID: String
    /// Off when the list is empty: then every device may read.
    package var isEnabled: Bool
    package var devices: [AllowedDevice]
}
