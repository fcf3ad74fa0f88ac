import JSON

/// GetLocationHistory's answer: newest first; empty when the allowed list denies the reader.
public struct MiataruHistory: Sendable, Equatable {
    /// `MaximumNumberOfLocationUpdates`: how many updates the server keeps per device.
    public var maximum: Int?
    /// `AvailableDeviceLocationUpdates`: how many it holds for this device (0 when denied).
    public var available: Int
    public var locations: [MiataruLocation]
}
