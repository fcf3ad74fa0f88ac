import JSON

/// One UpdateLocation: the values are strings, as the iOS client sends them, in plain decimal
/// (`1e1` goes out as `10`; see `PlainDecimal`).
package struct LocationUpdate: Sendable, Equatable {
    package var device: String
    /// The time of the fix, a positive whole number in the unit the caller chose
    /// (`MiataruTimestampUnit`; the SDK sends milliseconds).
    package var timestamp: Int
    package var latitude: String
    package var longitude: String
    package var accuracy: String
    package var speed: String?
    package var battery: String?
    package var altitude: String?
    /// `EnableLocationHistory`: off deletes the history the server kept for the device.
    package var keepsHistory: Bool
    /// `LocationDataRetentionTime`: minutes the current location lives when history is off.
    package var retentionMinutes: Int

    package init(
        device: String,
        timestamp: Int,
        latitude: String,
        longitude: String,
        accuracy: String,
        speed: String? = nil,
        battery: String? = nil,
        altitude: String? = nil,
        keepsHistory: Bool = false,
        retentionMinutes: Int = 30
    ) {
        self.device = device
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.speed = speed
        self.battery = battery
        self.altitude = altitude
        self.keepsHistory = keepsHistory
        self.retentionMinutes = retentionMinutes
    }

    /// The request body, with `DeviceKey` in the location when the device has one.
    func body(deviceKey: String?) -> Value {
        var location = JSONObject()
        location["Device"] = .string(device)
        location["Timestamp"] = .string(String(timestamp))
        location["Longitude"] = .string(Self.wire(longitude))
        location["Latitude"] = .string(Self.wire(latitude))
        location["HorizontalAccuracy"] = .string(Self.wire(accuracy))
        if let speed { location["Speed"] = .string(Self.wire(speed)) }
        if let battery { location["BatteryLevel"] = .string(Self.wire(battery)) }
        if let altitude { location["Altitude"] = .string(Self.wire(altitude)) }
        if let deviceKey { location["DeviceKey"] = .string(deviceKey) }
        return .object([
            "MiataruConfig": .object([
                "EnableLocationHistory": .string(keepsHistory ? "True" : "False"),
                "LocationDataRetentionTime": .string(String(retentionMinutes)),
            ]),
            "MiataruLocation": .array([.object(location)]),
        ])
    }
}

extension LocationUpdate {
    /// A value as it goes on the wire: plain decimal when it is a decimal number (the shell
    /// refuses anything else before it gets here).
    static func wire(_ text: String) -> String { PlainDecimal.normalized(text) ?? text }
}
