import JSON

/// GetLocationHistory's answer: newest first; empty when the allowed list denies the reader.
package struct MiataruHistory: Sendable, Equatable {
    /// `MaximumNumberOfLocationUpdates`: how many updates the server keeps per device.
    package var maximum: Int?
    /// `AvailableDeviceLocationUpdates`: how many it holds for this device (0 when denied).
    package var available: Int
    package var locations: [MiataruLocation]
}
