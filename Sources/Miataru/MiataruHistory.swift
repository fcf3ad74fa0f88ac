import JSON

/// GetLocationHistory's answer: newest first; empty when the allowed list denies the reader.
public struct MiataruHistory: Sendable, Equatable {
    /// `MaximumNumberOfLocationUpdates`: how many updates the server keeps per device.
    public var maximum: Int?
    /// `AvailableDeviceLocationUpdates`: how many it holds for this device (0 when denied).
    public var available: Int
    public var locations: [MiataruLocation]
}

/// GetVisitorHistory's answer: who read the device's location, newest first, each once.
public struct MiataruVisitors: Sendable, Equatable {
    public struct Visitor: Sendable, Equatable {
        public var deviceID: String
        /// Milliseconds since the epoch, by the server's clock.
        public var timestamp: Int?
    }

    public var maximum: Int?
    public var available: Int
    public var visitors: [Visitor]
}

/// getDeviceSecurityStatus's answer.
public struct MiataruSecurityStatus: Sendable, Equatable {
    public var deviceID: String
    public var hasDeviceKey: Bool
    public var isAllowedDeviceListEnabled: Bool
}
