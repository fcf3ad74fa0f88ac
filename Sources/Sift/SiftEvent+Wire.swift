import JSON

extension SiftEvent {
    /// The event as one member of the list request's `data`: `time` always, every other key only
    /// when it holds something (empty strings and empty maps are left out, as the SDK does).
    package var wireJSON: [UInt8] {
        var bytes: [UInt8] = []
        // An app event with a few fields is about 200 bytes: room for it without growing.
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: #"{"time":"#.utf8)
        bytes.append(contentsOf: String(time).utf8)
        forEachMember { key, member in
            Self.appendKey(key, to: &bytes)
            switch member {
            case .text(let text): JSONWriter.appendString(text, to: &bytes)
            case .map(let map): JSONWriter.appendCompact(.object(map), to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The wire form as a JSON value (what `wireJSON` encodes), for results and reports.
    package var wireValue: Value {
        var object = JSONObject(minimumCapacity: 10)  // time, four texts and five maps at most
        object["time"] = .int(Int(time))
        forEachMember { key, member in
            switch member {
            case .text(let text): object[key] = .string(text)
            case .map(let map): object[key] = .object(map)
            }
        }
        return .object(object)
    }

    private enum Member {
        case text(String)
        case map(JSONObject)
    }

    /// Each key past `time` that holds something, in wire order. Calls rather than a list of
    /// pairs: the list was an allocation per event, twice per `sift event`.
    private func forEachMember(_ body: (String, Member) -> Void) {
        if let type, !type.isEmpty { body("mobile_event_type", .text(type)) }
        if let path, !path.isEmpty { body("path", .text(path)) }
        if let userID, !userID.isEmpty { body("user_id", .text(userID)) }
        if let installationID, !installationID.isEmpty { body("installation_id", .text(installationID)) }
        if let fields, fields.count > 0 { body("fields", .map(fields)) }
        if let deviceProperties, deviceProperties.count > 0 { body("device_properties", .map(deviceProperties)) }
        if let metrics, metrics.count > 0 { body("metrics", .map(metrics)) }
        if let iosAppState, iosAppState.count > 0 { body("ios_app_state", .map(iosAppState)) }
        if let iosDeviceProperties, iosDeviceProperties.count > 0 { body("ios_device_properties", .map(iosDeviceProperties)) }
    }

    private static func appendKey(_ key: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: ","))
        JSONWriter.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Reads an event back from its wire JSON (an archive after a restart).
    ///
    /// - Returns: `nil` when the bytes are not an object with an integer `time`.
    package init?(wireJSON bytes: [UInt8]) {
        guard case .object(let object)? = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)),
            case .int(let time)? = object["time"]
        else { return nil }
        self.init(time: Int64(time))
        func text(_ key: String) -> String? { if case .string(let value)? = object[key] { return value } else { return nil } }
        func map(_ key: String) -> JSONObject? { if case .object(let value)? = object[key] { return value } else { return nil } }
        type = text("mobile_event_type")
        path = text("path")
        userID = text("user_id")
        installationID = text("installation_id")
        fields = map("fields")
        deviceProperties = map("device_properties")
        metrics = map("metrics")
        iosAppState = map("ios_app_state")
        iosDeviceProperties = map("ios_device_properties")
    }

    /// The JSON-encoded list request, `{"data":[event, ...]}`, from events already in wire JSON.
    ///
    /// - Parameter events: each event's `wireJSON`, oldest first.
    package static func listRequest<Events: Sequence>(_ events: Events) -> [UInt8] where Events.Element == [UInt8] {
        var bytes = Array(#"{"data":["#.utf8)
        var first = true
        for event in events {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes.append(contentsOf: event)
        }
        bytes.append(contentsOf: "]}".utf8)
        return bytes
    }
}
