/// A location given by hand (`sift location set`): this machine has no GPS to ask.
public struct SiftLocation: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// When it was given, in milliseconds since the Unix epoch.
    public var timeMillis: Int64

    public init(latitude: Double, longitude: Double, timeMillis: Int64) {
        self.latitude = latitude
        self.longitude = longitude
        self.timeMillis = timeMillis
    }

    /// Whether the coordinates are on the globe.
    public var isValid: Bool { (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude) }
}
