import JSON

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
