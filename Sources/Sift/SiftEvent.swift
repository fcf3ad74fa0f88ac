import JSON

/// One mobile event as the Sift iOS SDK builds it: a time, a type and path, the user and the
/// installation, custom fields, and the structured snapshots the collectors attach.
///
/// The maps are kept as JSON objects rather than `[String: String]` so that an event built from
/// untrusted input (a script's `key:=5`) can hold what the SDK's `sanityCheck` exists to catch;
/// `sanityProblem` says why such an event is dropped.
///
/// ```swift
/// var event = SiftEvent(time: 1_731_927_483_234, type: "tap", path: "/checkout")
/// event.fields = ["button": "pay"]
/// let outcome = try sift.append(event)
/// ```
package struct SiftEvent: Sendable, Equatable {
    /// Milliseconds since the Unix epoch when the event happened.
    package var time: Int64
    /// `mobile_event_type`.
    package var type: String?
    package var path: String?
    /// Filled from the engine's user id at append time when absent.
    package var userID: String?
    /// The per-install id (16 hex digits, kept in state).
    package var installationID: String?
    /// Custom fields: strings to strings, else the event is dropped.
    package var fields: JSONObject?
    /// Legacy device properties: strings to strings, else the event is dropped.
    package var deviceProperties: JSONObject?
    /// Internal metrics: strings to strings, else the event is dropped.
    package var metrics: JSONObject?
    /// The app-state snapshot (`ios_app_state`).
    package var iosAppState: JSONObject?
    /// The device-properties snapshot (`ios_device_properties`).
    package var iosDeviceProperties: JSONObject?

    /// - Parameters:
    ///   - time: milliseconds since the Unix epoch.
    ///   - type: the mobile event type; `nil` for collector snapshots, as the SDK sends them.
    package init(time: Int64, type: String? = nil, path: String? = nil, fields: JSONObject? = nil) {
        self.time = time
        self.type = type
        self.path = path
        self.fields = fields
    }

    /// Whether the two events are the same in everything but `time`: the queues' same-event rule.
    ///
    /// - Parameter other: the event to compare with; `nil` is never equal.
    /// - Returns: `true` when every key but `time` matches.
    package func isEssentiallyEqual(to other: SiftEvent?) -> Bool {
        guard var other else { return false }
        other.time = time
        return self == other
    }
}
