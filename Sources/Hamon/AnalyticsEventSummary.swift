import DequeModule
import DurableQueue
import JSON
import Ping
import Platform
import Synchronization
import Transport

/// A queued event as `queue` lists it, read back from its wire JSON.
public struct AnalyticsEventSummary: Sendable {
    /// The event's wire JSON.
    public let json: [UInt8]
    public let uuid: String
    public let name: String
    public let timestamp: Int64
    public let parameters: Value

    init(json: [UInt8]) {
        self.json = json
        var object = JSONObject()
        if case .object(let parsed)? = try? JSONParser.parse(String(decoding: json, as: UTF8.self)) { object = parsed }
        uuid = object["uuid"].map(\.plainText) ?? ""
        name = object["name"].map(\.plainText) ?? ""
        timestamp = object["timestamp"]?.numberValue.map { Int64($0) } ?? 0
        parameters = object["parameters"] ?? .object(JSONObject())
    }
}
