import DequeModule
import DurableQueue
import JSON
import Ping
import Platform
import Synchronization
import Transport

/// A queued event as `queue` lists it, read back from its wire JSON.
package struct AnalyticsEventSummary: Sendable {
    /// The event's wire JSON.
    package let json: [UInt8]
    package let uuid: String
    package let name: String
    package let timestamp: Int64
    package let parameters: Value

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
