import JSON

/// getDeviceSecurityStatus's answer.
public struct MiataruSecurityStatus: Sendable, Equatable {
    public var deviceID: String
    public var hasDeviceKey: Bool
    public var isAllowedDeviceListEnabled: Bool
}
