import JSON

/// getDeviceSecurityStatus's answer.
package struct MiataruSecurityStatus: Sendable, Equatable {
    package var deviceID: String
    package var hasDeviceKey: Bool
    package var isAllowedDeviceListEnabled: Bool
}
