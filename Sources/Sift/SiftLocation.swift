/// A location given by hand (`sift location set`): this machine has no GPS to ask.
///
/// Seed 001 §3.4: besides time, latitude and longitude, a CLLocation carries altitude, the two
/// accuracies, the floor, speed and course; each is sent when given, as the SDK leaves out what
/// Core Location marks invalid.
public struct SiftLocation: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// When it was given, in milliseconds since the Unix epoch.
    public var timeMillis: Int64
    /// Metres above sea level.
    public var altitude: Double?
    /// The radius of uncertainty, metres.
    public var horizontalAccuracy: Double?
    /// The altitude's uncertainty, metres.
    public var verticalAccuracy: Double?
    /// The building's logical floor.
    public var floor: Int?
    /// Metres per second.
    public var speed: Double?
    /// Degrees from true north.
    public var course: Double?

    public init(
        latitude: Double, longitude: Double, timeMillis: Int64, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil, floor: Int? = nil, speed: Double? = nil, course: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.timeMillis = timeMillis
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.floor = floor
        self.speed = speed
        self.course = course
    }

    /// Whether the coordinates are on the globe.
    public var isValid: Bool { (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude) }

    /// `ios_app_state.location` as the SDK writes it: the given parts, by their wire names.
    public var wireFields: [(String, Double)] {
        var fields: [(String, Double)] = [("latitude", latitude), ("longitude", longitude)]
        let optional: [(String, Double?)] = [
            ("altitude", altitude), ("horizontal_accuracy", horizontalAccuracy), ("vertical_accuracy", verticalAccuracy),
            ("floor", floor.map(Double.init)), ("speed", speed), ("course", course),
        ]
        for (name, value) in optional { if let value { fields.append((name, value)) } }
        return fields
    }
}
