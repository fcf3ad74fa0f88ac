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
public struct SiftEvent: Sendable, Equatable {
    /// Milliseconds since the Unix epoch when the event happened.
    public var time: Int64
    /// `mobile_event_type`.
    public var type: String?
    public var path: String?
    /// Filled from the engine's user id at append time when absent.
    public var userID: String?
    /// The per-install id (16 hex digits, kept in state).
    public var installationID: String?
    /// Custom fields: strings to strings, else the event is dropped.
    public var fields: JSONObject?
    /// Legacy device properties: strings to strings, else the event is dropped.
    public var deviceProperties: JSONObject?
    /// Internal metrics: strings to strings, else the event is dropped.
    public var metrics: JSONObject?
    /// The app-state snapshot (`ios_app_state`).
    public var iosAppState: JSONObject?
    /// The device-properties snapshot (`ios_device_properties`).
    public var iosDeviceProperties: JSONObject?

    /// - Parameters:
    ///   - time: milliseconds since the Unix epoch.
    ///   - type: the mobile event type; `nil` for collector snapshots, as the SDK sends them.
    public init(time: Int64, type: String? = nil, path: String? = nil, fields: JSONObject? = nil) {
        self.time = time
        self.type = type
        self.path = path
        self.fields = fields
    }

    /// Whether the two events are the same in everything but `time`: the queues' same-event rule.
    ///
    /// - Parameter other: the event to compare with; `nil` is never equal.
    /// - Returns: `true` when every key but `time` matches.
    public func isEssentiallyEqual(to other: SiftEvent?) -> Bool {
        guard var other else { return false }
        other.time = time
        return self == other
    }
}
