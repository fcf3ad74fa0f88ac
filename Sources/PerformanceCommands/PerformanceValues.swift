import JSON
import Performance
import Script
import Shell

/// Performance engine values as shell results and display text.
enum PerformanceValues {
    static func entry(_ entry: PerformanceEntry) -> Value {
        var object = JSONObject()
        object["id"] = .string(entry.id)
        object["feature"] = .string(entry.feature)
        object["layer"] = .string(entry.layer)
        object["startTime"] = .string(isoTime(entry.startTime))
        object["endTime"] = .string(isoTime(entry.endTime))
        object["duration"] = .double(entry.duration)
        object["metadata"] = metadata(entry.metadata)
        var context = JSONObject()
        context["deviceModel"] = .string(entry.context.deviceModel)
        context["iosVersion"] = .string(entry.context.iosVersion)
        context["appVersion"] = .string(entry.context.appVersion)
        context["buildNumber"] = .string(entry.context.buildNumber)
        context["networkType"] = .string(entry.context.networkType)
        object["context"] = .object(context)
        if let user = entry.userIDHash { object["userId"] = .string(user) }
        return .object(object)
    }

    static func pending(_ session: PendingSession) -> Value {
        .object([
            "feature": .string(session.feature), "layer": .string(session.layer),
            "startTime": .string(isoTime(session.startTime)), "metadata": metadata(session.metadata),
        ])
    }

    static func stats(_ stats: TimingStats) -> Value {
        .object([
            "key": .string(stats.key), "feature": .string(stats.feature), "layer": .string(stats.layer),
            "count": .int(stats.count), "min": .double(stats.min), "p50": .double(stats.p50), "p90": .double(stats.p90),
            "p99": .double(stats.p99), "max": .double(stats.max),
        ])
    }

    /// What an add returns, and each row of `perf destination list`: the id, the kind or
    /// description, and the filter (`null` for any feature or layer).
    static func destination(id: Int, kind: String, filter: DestinationFilter, _ extra: KeyValuePairs<String, Value> = [:]) -> Value {
        var object = JSONObject()
        object["id"] = .int(id)
        object["kind"] = .string(kind)
        for (key, value) in extra { object[key] = value }
        object["feature"] = filter.feature.map(Value.string) ?? .null
        object["layer"] = filter.layer.map(Value.string) ?? .null
        return .object(object)
    }

    static func metadata(_ metadata: [String: String]) -> Value {
        var object = JSONObject()
        for key in metadata.keys.sorted() { object[key] = .string(metadata[key]!) }
        return .object(object)
    }

    static func metadataText(_ metadata: [String: String]) -> String {
        metadata.keys.sorted().map { "\($0)=\(metadata[$0]!)" }.joined(separator: " ")
    }

    /// `1.234s` for a person; sub-millisecond durations keep microseconds.
    static func seconds(_ value: Double) -> String {
        if value < 0.001 { return fixed(value * 1_000_000, 0) + "µs" }
        if value < 1 { return fixed(value * 1000, 3) + "ms" }
        return fixed(value, 3) + "s"
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        guard decimals > 0 else { return String(whole) }
        let digits = String(abs(fraction))
        return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }

    static func isoTime(_ seconds: Double) -> String { PerformanceExporter.isoTimestamp(seconds) }
}
