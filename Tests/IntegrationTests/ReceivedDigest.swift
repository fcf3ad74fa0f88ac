import JSON

/// What a service received (`GET /_sdkbench/received/SERVICE`), without what differs from run to
/// run (times, uuids, sizes of gzip, generated keys): the calls, events, locations and statuses
/// a replay must repeat.
enum ReceivedDigest {
    static func of(_ service: String, _ text: String) -> Value {
        guard case .object(let received)? = try? JSONParser.parse(text) else { return .string("not JSON: \(text)") }
        var digest = JSONObject()
        for key in kept[service] ?? [] { digest[key] = received[key].map(steady) ?? .null }
        // A user's data is the machine's facts at the time (free storage, an advertising id): who, not what.
        if case .object(let users)? = received["users"] { digest["users"] = .array(users.keys.map(Value.string)) }
        return .object(digest)
    }

    /// The members compared, per service.
    private static let kept = [
        "hamon": ["requests", "batches", "count", "duplicates", "user_updates", "users", "events"],
        "perf": ["requests", "batches", "count", "entries"],
        "miataru": ["requests", "calls", "count", "received"],
        "sift": ["requests", "batches", "count", "duplicates", "refused", "not_gzipped", "accounts", "events"],
    ]

    /// Members whose values are the run's own.
    private static let volatile: Set<String> = [
        "uuid", "timestamp", "Timestamp", "time", "id", "startTime", "endTime", "duration", "bytes", "json_bytes", "installation_id",
        "sdk_version", "battery_level", "battery_state", "network_addresses", "app_state", "ios_app_state", "ios_device_properties",
        "TimeStamp", "context", "appVersion",
    ]

    private static func steady(_ value: Value) -> Value {
        switch value {
        case .array(let items): return .array(items.map(steady))
        case .object(let object):
            var copy = JSONObject()
            for (key, member) in object where !volatile.contains(key) { copy[key] = steady(member) }
            return .object(copy)
        default: return value
        }
    }
}
