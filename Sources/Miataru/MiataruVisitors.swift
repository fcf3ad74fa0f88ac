import JSON

/// GetVisitorHistory's answer: who read the device's location, newest first, each once.
package struct MiataruVisitors: Sendable, Equatable {
    package struct Visitor: Sendable, Equatable {
        package var deviceID: String
        /// Milliseconds since the epoch, by the server's clock.
        package var timestamp: Int?
    }

    package var maximum: Int?
    package var available: Int
    package var visitors: [Visitor]
}
