import Backend

/// The body of a Sift upload, `{"data":[event, ...]}`, checked key by key as wire-notes describes
/// an event: integer `time` in ms (always), optional strings `mobile_event_type`, `path`, `user_id`
/// and `installation_id`, string->string maps `fields`, `device_properties` and `metrics`, and
/// objects `ios_app_state` and `ios_device_properties`.
///
/// Keys the notes do not name are kept as they came: a real server may well ignore them, and
/// `backend received sift` shows them to whoever wonders where they came from. `null` is no
/// string, map or object: the SDK leaves a key out instead.
struct SiftListRequest {
    /// The events, in the order they came.
    var events: [WireJSON]

    static let stringKeys = ["mobile_event_type", "path", "user_id", "installation_id"]
    static let stringMapKeys = ["fields", "device_properties", "metrics"]
    static let objectKeys = ["ios_app_state", "ios_device_properties"]

    /// Problems listed in an answer; past this, only their number.
    static let listedProblems = 10

    /// Why a body is not a list request: each problem as `data[3].fields.x: expected a string, got ...`.
    struct Problems: Error {
        var messages: [String]
    }

    /// The events of `body`, or every problem found.
    static func read(_ body: WireJSON) -> Result<SiftListRequest, Problems> {
        guard case .object = body else { return .failure(Problems(messages: [#"body: expected an object {"data":[event, ...]}"#])) }
        guard let data = body["data"] else { return .failure(Problems(messages: ["data: missing (the list of events)"])) }
        guard case .array(let events) = data else { return .failure(Problems(messages: ["data: expected an array of events"])) }
        var problems: [String] = []
        for (index, event) in events.enumerated() { check(event, at: "data[\(index)]", into: &problems) }
        return problems.isEmpty ? .success(SiftListRequest(events: events)) : .failure(Problems(messages: problems))
    }

    private static func check(_ event: WireJSON, at location: String, into problems: inout [String]) {
        guard case .object = event else {
            problems.append("\(location): expected an object")
            return
        }
        switch event["time"] {
        case nil: problems.append("\(location).time: missing (integer milliseconds)")
        case .number(let digits, isInteger: true)?:
            if Int64(digits).map({ $0 < 0 }) ?? true { problems.append("\(location).time: expected milliseconds from 0 to 2^63-1, got \(digits)") }
        case let other?: problems.append("\(location).time: expected an integer (milliseconds), got \(kind(other))")
        }
        for key in stringKeys {
            guard let value = event[key] else { continue }
            if case .string = value { continue }
            problems.append("\(location).\(key): expected a string, got \(kind(value))")
        }
        for key in stringMapKeys {
            guard let value = event[key] else { continue }
            guard case .object(let members) = value else {
                problems.append("\(location).\(key): expected an object of strings, got \(kind(value))")
                continue
            }
            for member in members {
                if case .string = member.value { continue }
                problems.append("\(location).\(key)\(path(member.key)): expected a string, got \(kind(member.value))")
            }
        }
        for key in objectKeys {
            guard let value = event[key] else { continue }
            if case .object = value { continue }
            problems.append("\(location).\(key): expected an object, got \(kind(value))")
        }
    }

    /// `.name` for a plain key, `["a.b"]` for one a reader could not split on dots.
    static func path(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        return plain ? "." + key : "[" + WireText.quote(key) + "]"
    }

    private static func kind(_ value: WireJSON) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(_, let isInteger): return isInteger ? "an integer" : "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
