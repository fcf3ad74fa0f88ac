import JSON

/// One logged event as it travels: `{"uuid":…,"timestamp":…,"name":…,"parameters":{…}}`.
public struct AnalyticsEvent: Sendable, Equatable {
    /// Random (version 4); lets the server drop duplicates of an at-least-once delivery.
    public let uuid: String
    /// Milliseconds since the epoch, an integer.
    public let timestamp: Int64
    public let name: String
    /// Any JSON object; keys are sent as given.
    public let parameters: JSONObject

    public init(uuid: String, timestamp: Int64, name: String, parameters: JSONObject) {
        self.uuid = uuid
        self.timestamp = timestamp
        self.name = name
        self.parameters = parameters
    }

    /// The wire JSON bytes, written straight from the fields (this runs once per logged event).
    public var encoded: [UInt8] {
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

/// Random version-4 UUIDs in the canonical upper-case form the SDK's `UUID().uuidString` gives.
public enum UUIDv4 {
    public static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (UInt64(index) * 8))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (UInt64(index) * 8))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let digits = Array("0123456789ABCDEF".utf8)
        var text = [UInt8]()
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }
}
