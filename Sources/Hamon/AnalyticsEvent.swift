import JSON

/// One logged event as it travels: `{"uuid":…,"timestamp":…,"name":…,"parameters":{…}}`.
package struct AnalyticsEvent: Sendable, Equatable {
    /// Random (version 4); lets the server drop duplicates of an at-least-once delivery.
    package let uuid: String
    /// Milliseconds since the epoch, an integer.
    package let timestamp: Int64
    package let name: String
    /// Any JSON object; keys are sent as given.
    package let parameters: JSONObject

    package init(uuid: String, timestamp: Int64, name: String, parameters: JSONObject) {
        self.uuid = uuid
        self.timestamp = timestamp
        self.name = name
        self.parameters = parameters
    }

    /// The wire JSON bytes, written straight from the fields (this runs once per logged event).
    package var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96 + name.utf8.count + parameters.count * 24)
        bytes.append(contentsOf: #"{"uuid":"#.utf8)
        JSONWriter.appendString(uuid, to: &bytes)
        bytes.append(contentsOf: #","timestamp":"#.utf8)
        bytes.append(contentsOf: String(timestamp).utf8)
        bytes.append(contentsOf: #","name":"#.utf8)
        JSONWriter.appendString(name, to: &bytes)
        bytes.append(contentsOf: #","parameters":"#.utf8)
        JSONWriter.appendCompact(.object(parameters), to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
