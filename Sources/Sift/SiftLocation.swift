/// A location given by hand (`sift location set`): this machine has no GPS to ask.
///
/// Seed 001 §3.4: besides time, latitude and longitude, the SDK sends what its CLLocation
/// carries: altitude, the two accuracies, speed and course always (a CLLocation has each), the
/// floor only when Core Location knows it. A part not given is what iOS reports when it does
/// not know one: -1 for an accuracy, the speed or the course.
package struct SiftLocation: Sendable, Equatable {
    /// What iOS reports for an accuracy, a speed or a course it does not know.
    package static let unknown = -1.0
    /// A CLLocation's altitude when none was measured: 0, as `CLLocation(latitude:longitude:)`
    /// sets it (developer.apple.com/documentation/corelocation/cllocation/init(latitude:longitude:)).
    package static let unmeasuredAltitude = 0.0

    package var latitude: Double
    package var longitude: Double
    /// When it was given, in milliseconds since the Unix epoch.
    package var timeMillis: Int64
    /// Metres above sea level.
    package var altitude: Double
    /// The radius of uncertainty, metres; -1 when unknown.
    package var horizontalAccuracy: Double
    /// The altitude's uncertainty, metres; -1 when unknown.
    package var verticalAccuracy: Double
    /// The building's logical floor, when known.
    package var floor: Int?
    /// Metres per second; -1 when unknown.
    package var speed: Double
    /// Degrees from true north; -1 when unknown.
    package var course: Double

    /// A part left `nil` is not known: `unknown`, or `unmeasuredAltitude` for the altitude.
    package init(
        latitude: Double,
        longitude: Double,
        timeMillis: Int64,
        altitude: Double? = nil,
        horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil,
        floor: Int? = nil,
        speed: Double? = nil,
        course: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.timeMillis = timeMillis
        self.altitude = altitude ?? Self.unmeasuredAltitude
        self.horizontalAccuracy = horizontalAccuracy ?? Self.unknown
        self.verticalAccuracy = verticalAccuracy ?? Self.unknown
        self.floor = floor
        self.speed = speed ?? Self.unknown
        self.course = course ?? Self.unknown
    }

    /// Whether the coordinates are on the globe.
    package var isValid: Bool { (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude) }

    /// `ios_app_state.location` as the SDK writes it, by wire name: every part, the floor when known.
    package var wireFields: [(String, Double)] {
        var fields: [(String, Double)] = [
            ("latitude", latitude), ("longitude", longitude), ("altitude", altitude), ("horizontal_accuracy", horizontalAccuracy),
            ("vertical_accuracy", verticalAccuracy),
        ]
        if let floor { fields.append(("floor", Double(floor))) }
        fields += [("speed", speed), ("course", course)]
        return fields
    }
}
