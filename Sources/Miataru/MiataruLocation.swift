import JSON

/// One location as GetLocation or GetLocationHistory answers it.
///
/// Numbers are decoded whether the server returned them as numbers or as strings; `raw` keeps
/// the entry exactly as it arrived.
package struct MiataruLocation: Sendable, Equatable {
    package var device: String
    /// As the uploading device sent it: seconds since the epoch by the API, though some clients send ms.
    package var timestamp: Int?
    package var latitude: Double
    package var longitude: Double
    package var accuracy: Double?
    package var speed: Double?
    package var battery: Double?
    package var altitude: Double?
    /// The device's slogan (GetLocation only).
    package var slogan: String?
    package var raw: JSONObject

    /// Decodes one entry.
    ///
    /// - Throws: `MiataruError.invalidResponse` when the entry is not an object with a device and coordinates.
    package init(decoding value: Value) throws(MiataruError) {
        guard case .object(let object) = value else { throw .invalidResponse("a location is \(value.typeName), not an object") }
        guard case .string(let device)? = object["Device"] else { throw .invalidResponse("a location has no Device") }
        guard let latitude = MiataruNumber.double(object["Latitude"]), let longitude = MiataruNumber.double(object["Longitude"]) else {
            throw .invalidResponse("the location of \(device) has no readable Latitude and Longitude")
        }
        self.device = device
        self.latitude = latitude
        self.longitude = longitude
        timestamp = MiataruNumber.int(object["Timestamp"])
        accuracy = MiataruNumber.double(object["HorizontalAccuracy"])
        speed = MiataruNumber.double(object["Speed"])
        battery = MiataruNumber.double(object["BatteryLevel"])
        altitude = MiataruNumber.double(object["Altitude"])
        if case .string(let text)? = object["Slogan"] { slogan = text }
        raw = object
    }

    /// The entry with its numbers as numbers, in the server's order and names, for `expect` and `capture`.
    package var value: Value {
        var object = JSONObject()
        for (key, member) in raw {
            switch key {
            case "Timestamp", "Latitude", "Longitude", "HorizontalAccuracy", "Speed", "BatteryLevel", "Altitude":
                object[key] = MiataruNumber.normalized(member) ?? member
            default:
                object[key] = member
            }
        }
        return .object(object)
    }

    /// The GeoJSON Feature the server's GetLocationGeoJSON gives for this location: a Point with
    /// number coordinates, properties carrying the timestamp and accuracy as uploaded.
    package var geoJSON: Value {
        var properties = JSONObject()
        properties["name"] = .string(device)
        if let timestamp = raw["Timestamp"] { properties["timestamp"] = timestamp }
        if let accuracy = raw["HorizontalAccuracy"] { properties["horizontalAccuracy"] = accuracy }
        return .object([
            "geometry": .object(["type": "Point", "coordinates": .array([Self.number(longitude), Self.number(latitude)])]),
            "type": "Feature",
            "properties": .object(properties),
        ])
    }

    private static func number(_ value: Double) -> Value {
        value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }
}
