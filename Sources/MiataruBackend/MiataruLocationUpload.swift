import Backend

/// An `UpdateLocation` body, checked the way the real server checks it: the configuration first,
/// then each location in order.
struct MiataruLocationUpload: Sendable {
    struct Entry: Sendable {
        var device: String
        /// The entry's `DeviceKey`, checked against the device's key when it has one.
        var key: String?
        var location: MiataruLocation
    }

    /// `EnableLocationHistory` was "true" in some case: keep every location, the current one without expiry.
    var keepsHistory: Bool
    /// How long the current location lives when history is off (`LocationDataRetentionTime` minutes).
    var retentionMillis: Int64
    /// Never empty.
    var entries: [Entry]

    /// A retention past this (about 285,000 years) is kept as this, so that no sum overflows.
    static let longestRetentionMillis: Int64 = 9_000_000_000_000_000

    init(body: WireJSON) throws(MiataruError) {
        let config = MiataruInput(body["MiataruConfig"])
        keepsHistory = try Self.historyFlag(config["EnableLocationHistory"])
        retentionMillis = try Self.retention(config["LocationDataRetentionTime"])
        // One object is taken as a list of one, as the server has done since 2.0; no list at all
        // is one empty entry, refused for its missing fields.
        let items: [WireJSON]
        switch body["MiataruLocation"] {
        case .array(let list)?: items = list
        case let single?: items = [single]
        case nil: items = [.object([])]
        }
        guard !items.isEmpty else { throw .badRequest("MiataruLocation must not be empty") }
        var entries: [Entry] = []
        for item in items {
            let entry = MiataruInput(item)
            let device = try entry.deviceID("Device", missing: "Device is required")
            let location = try MiataruLocation(uploaded: entry, device: device)
            entries.append(Entry(device: device, key: try entry.optionalKey("DeviceKey"), location: location))
        }
        self.entries = entries
    }

    /// The server reads the flag with `value || null`: a falsy value (false, 0, "") is "not
    /// sent", which means no history; anything else must be a string.
    private static func historyFlag(_ value: WireJSON?) throws(MiataruError) -> Bool {
        if isFalsy(value) { return false }
        if case .string(let text)? = value { return text.lowercased() == "true" }
        throw .badRequest("EnableLocationHistory must be a string, received: \(javaScriptType(of: value))")
    }

    /// Minutes, as a string or a number; required even when history is on. The text for a
    /// missing value names the server's internal property, as the server does.
    private static func retention(_ value: WireJSON?) throws(MiataruError) -> Int64 {
        if isFalsy(value) { throw .badRequest("Missing RequestProperty _locationDataRetentionTime in configuration") }
        guard let minutes = MiataruNumber.value(of: value) else { throw .badRequest("LocationDataRetentionTime must be numeric") }
        guard minutes > 0 else { throw .badRequest("LocationDataRetentionTime must be greater than 0") }
        let millis = minutes * 60_000
        return millis >= Double(longestRetentionMillis) ? longestRetentionMillis : max(1, Int64(millis.rounded(.up)))
    }

    /// Whether JavaScript takes the value for false (absent, null, false, 0, ""), as `value || null` does.
    private static func isFalsy(_ value: WireJSON?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?, .string("")?: return true
        case .number?: return MiataruNumber.value(of: value) == 0
        default: return false
        }
    }

    /// What JavaScript's `typeof` says of a JSON value, for the server's type error text.
    private static func javaScriptType(of value: WireJSON?) -> String {
        switch value {
        case .bool?: return "boolean"
        case .number?: return "number"
        case .string?: return "string"
        default: return "object"
        }
    }
}
