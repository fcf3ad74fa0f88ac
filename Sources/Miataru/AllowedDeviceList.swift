import JSON

/// getAllowedDeviceList's answer.
public struct AllowedDeviceList: Sendable, Equatable {
    public var deviceID: String
    /// Off when the list is empty: then every device may read.
    public var isEnabled: Bool
    public var devices: [AllowedDevice]
}
